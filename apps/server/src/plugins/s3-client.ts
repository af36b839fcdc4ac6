/**
 * The few S3 calls our storage needs, path-style (endpoint/bucket/key) so that any S3-compatible server
 * works without DNS tricks: objects in one request or in parts, ranged reads, copy, delete, and a check
 * that the bucket is there. Errors carry S3's own code and message.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  EMPTY_SHA256,
  presignGet,
  type S3Credentials,
  sha256Hex,
  signHeaders,
  uriEncode,
} from '../lib/sigv4';

export interface S3Settings extends S3Credentials {
  endpoint: string;
  bucket: string;
}

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`S3 ${status} ${code}: ${message}`);
  }
}

interface Call {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'HEAD';
  key?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Buffer;
}

export class S3Client {
  private readonly base: URL;

  constructor(private readonly s: S3Settings) {
    this.base = new URL(s.endpoint.endsWith('/') ? s.endpoint : `${s.endpoint}/`);
  }

  private url(key?: string) {
    const path = `${this.base.pathname}${this.s.bucket}${key === undefined ? '' : `/${key}`}`;
    return new URL(uriEncode(path, true), this.base.origin);
  }

  private async call(c: Call): Promise<Response> {
    const url = this.url(c.key);
    const query = c.query ?? {};
    const headers = signHeaders(
      {
        method: c.method,
        path: url.pathname,
        query,
        headers: { host: url.host, ...(c.headers ?? {}) },
        payloadHash: c.body ? sha256Hex(c.body) : EMPTY_SHA256,
      },
      this.s,
    );
    delete headers.host;
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    // URLSearchParams writes spaces as '+'; S3 canonicalises %20.
    const href = url.href.replace(/\+/g, '%20');
    const res = await fetch(href, { method: c.method, headers, body: c.body });
    if (!res.ok && res.status !== 206) {
      const text = c.method === 'HEAD' ? '' : await res.text();
      throw new S3Error(
        res.status,
        /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? res.statusText,
        /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? `${c.method} ${c.key ?? this.s.bucket}`,
      );
    }
    return res;
  }

  async checkBucket() {
    await this.call({ method: 'HEAD' });
  }

  async putObject(key: string, body: Buffer) {
    await this.call({ method: 'PUT', key, body });
  }

  async startMultipart(key: string): Promise<string> {
    const xml = await (await this.call({ method: 'POST', key, query: { uploads: '' } })).text();
    const id = /<UploadId>([^<]+)<\/UploadId>/.exec(xml)?.[1];
    if (!id) throw new S3Error(500, 'NoUploadId', 'CreateMultipartUpload answered without an UploadId');
    return id;
  }

  async uploadPart(key: string, uploadId: string, partNumber: number, body: Buffer): Promise<string> {
    const res = await this.call({
      method: 'PUT',
      key,
      query: { partNumber: String(partNumber), uploadId },
      body,
    });
    await res.arrayBuffer();
    return res.headers.get('etag') ?? '';
  }

  async completeMultipart(key: string, uploadId: string, etags: string[]) {
    const parts = etags
      .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`)
      .join('');
    const body = Buffer.from(`<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`);
    const text = await (await this.call({ method: 'POST', key, query: { uploadId }, body })).text();
    // S3 may answer 200 and still report a failure in the body.
    if (text.includes('<Error>')) throw new S3Error(500, /<Code>([^<]*)/.exec(text)?.[1] ?? 'Error', text);
  }

  async abortMultipart(key: string, uploadId: string) {
    await this.call({ method: 'DELETE', key, query: { uploadId } });
  }

  /** The object as a stream; `range` is inclusive, as HTTP's. */
  async getObject(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
    const res = await this.call({ method: 'GET', key, headers });
    return Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
  }

  /** Size in bytes, or null when there is no such object. */
  async headObject(key: string): Promise<number | null> {
    try {
      const res = await this.call({ method: 'HEAD', key });
      return Number(res.headers.get('content-length') ?? 0);
    } catch (e) {
      if (e instanceof S3Error && e.status === 404) return null;
      throw e;
    }
  }

  async copyObject(from: string, to: string) {
    const source = uriEncode(`/${this.s.bucket}/${from}`, true);
    const text = await (
      await this.call({ method: 'PUT', key: to, headers: { 'x-amz-copy-source': source } })
    ).text();
    if (text.includes('<Error>')) throw new S3Error(500, /<Code>([^<]*)/.exec(text)?.[1] ?? 'Error', text);
  }

  async deleteObject(key: string) {
    await this.call({ method: 'DELETE', key });
  }

  presignedGet(key: string, expiresSeconds: number) {
    return presignGet(this.url(key), this.s, expiresSeconds);
  }
}
