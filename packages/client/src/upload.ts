import type { Revived } from './dates';
import type { HttpCore } from './http';
import type { UploadOptions } from './upload-options';
import type { XhrConstructor } from './upload-xhr';

export type Upload = <T>(options: UploadOptions) => Promise<Revived<T>>;

/** Multipart POST with progress and no time-out; same auth and error mapping as `request`. */
export function createUpload(http: HttpCore): Upload {
  return async function upload<T>(options: UploadOptions): Promise<Revived<T>> {
    // Browsers: XMLHttpRequest, because fetch cannot report upload progress.
    const Xhr = (globalThis as { XMLHttpRequest?: XhrConstructor }).XMLHttpRequest;
    // Loaded on the first upload: most pages (and /login) never send a file.
    if (Xhr) return (await import('./upload-xhr')).uploadWithXhr<T>(Xhr, http, options);
    // Node: loaded lazily so browser bundles never pull in node:http.
    const { uploadWithNode } = await import('./upload-node');
    return uploadWithNode<T>(http, options);
  };
}
