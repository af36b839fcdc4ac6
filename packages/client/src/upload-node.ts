import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { GenericError } from './api-error';
import type { Revived } from './dates';
import type { HttpCore } from './http';
import { multipartBody } from './multipart';
import { isRedirect, settle } from './response';
import { namedFiles, type UploadOptions } from './upload-options';

function write(req: ClientRequest, chunk: Uint8Array): Promise<void> {
  // The callback fires once the chunk is handed to the socket, which is what progress should count.
  return new Promise((resolve, reject) => req.write(chunk, (error) => (error ? reject(error) : resolve())));
}

async function pump(req: ClientRequest, parts: (Uint8Array | Blob)[], report: (bytes: number) => void) {
  for (const part of parts) {
    if (!(part instanceof Blob)) {
      await write(req, part);
      report(part.byteLength);
      continue;
    }
    // Blob by blob and chunk by chunk, so memory stays flat whatever the file size.
    const reader = part.stream().getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      await write(req, next.value);
      report(next.value.byteLength);
    }
  }
  req.end();
}

function readText(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', reject);
  });
}

/** Node has no XMLHttpRequest: stream the multipart body over node:http(s) and count bytes written. */
export function uploadWithNode<T>(http: HttpCore, options: UploadOptions): Promise<Revived<T>> {
  const target = http.url(options.path);
  const url = new URL(target);
  const body = multipartBody(options.fields ?? {}, namedFiles(options.files), options.fieldName ?? 'file');
  const { signal } = options;

  return new Promise<Revived<T>>((resolve, reject) => {
    if (signal?.aborted) return reject(new GenericError(0, 'aborted', signal.reason));
    let settled = false;
    const finish = (run: () => Revived<T> | Promise<Revived<T>>) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      Promise.resolve().then(run).then(resolve, reject);
    };

    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': body.contentType,
      'Content-Length': String(body.length),
    };
    const auth = http.authorization(target);
    if (auth) headers.Authorization = auth;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { method: 'POST', headers });

    function onAbort() {
      finish(() => {
        throw new GenericError(0, 'aborted', signal?.reason);
      });
      req.destroy();
    }
    signal?.addEventListener('abort', onAbort, { once: true });

    let responded = false;
    req.on('response', (res) => {
      responded = true;
      readText(res).then(
        (text) => {
          const location = isRedirect(res.statusCode ?? 0) ? res.headers.location : undefined;
          if (location) finish(() => http.follow<T>(new URL(location, target).href, signal));
          else finish(() => settle<T>(res.statusCode ?? 0, text));
        },
        (error) => finish(() => Promise.reject(new GenericError(0, 'network', error))),
      );
    });
    req.on('error', (error) => {
      if (!responded) finish(() => Promise.reject(new GenericError(0, 'network', error)));
    });

    let loaded = 0;
    options.onProgress?.(0, body.length);
    pump(req, body.parts, (bytes) => {
      loaded += bytes;
      options.onProgress?.(loaded, body.length);
    }).catch((error) => {
      // A server may answer (say 413) before reading everything; that answer wins over the write error.
      if (!responded) req.destroy(error);
    });
  });
}
