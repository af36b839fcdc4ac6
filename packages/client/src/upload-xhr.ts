import { GenericError } from './api-error';
import type { Revived } from './dates';
import type { HttpCore } from './http';
import { isRedirect, settle } from './response';
import { namedFiles, type UploadOptions } from './upload-options';

/** The part of XMLHttpRequest we use, declared here so the package type-checks without the DOM lib. */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  getResponseHeader(name: string): string | null;
  send(body: FormData): void;
  abort(): void;
  withCredentials: boolean;
  timeout: number;
  readonly status: number;
  readonly responseText: string;
  readonly responseURL: string;
  readonly upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}
export type XhrConstructor = new () => XhrLike;

export function uploadWithXhr<T>(
  Xhr: XhrConstructor,
  http: HttpCore,
  options: UploadOptions,
): Promise<Revived<T>> {
  const target = http.url(options.path);
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, String(value));
  for (const file of namedFiles(options.files))
    form.append(options.fieldName ?? 'file', file.data, file.name);

  return new Promise<Revived<T>>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) return reject(new GenericError(0, 'aborted', signal.reason));
    const xhr = new Xhr();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', target);
    xhr.withCredentials = true;
    xhr.timeout = 0; // explicit: uploads never time out
    const auth = http.authorization(target);
    if (auth) xhr.setRequestHeader('Authorization', auth);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.total);
    xhr.onload = () => {
      done();
      // XHR follows redirects itself; this only triggers if a 3xx with Location reaches us anyway.
      const location = isRedirect(xhr.status) ? xhr.getResponseHeader('location') : null;
      if (location) {
        const next = new URL(location, xhr.responseURL || target).href;
        http.follow<T>(next, signal).then(resolve, (error) => reject(error));
        return;
      }
      try {
        resolve(settle<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      done();
      reject(new GenericError(0, 'network'));
    };
    xhr.onabort = () => {
      done();
      reject(new GenericError(0, 'aborted', signal?.reason));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}
