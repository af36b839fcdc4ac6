import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, GenericError } from '../src/api-error';
import { createClient } from '../src/create-client';
import type { XhrLike } from '../src/upload-xhr';
import { formDataOf, json, startServer, type TestServer } from './test-server';

/**
 * Stands in for the browser's XMLHttpRequest: records what the client configured, then sends the
 * FormData to the real test server with fetch and reports upload progress in two steps.
 */
class FakeXhr implements XhrLike {
  static instances: FakeXhr[] = [];
  withCredentials = false;
  timeout = -1;
  status = 0;
  responseText = '';
  responseURL = '';
  upload: XhrLike['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  private response: Response | undefined;
  private readonly controller = new AbortController();

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.response?.headers.get(name) ?? null;
  }
  abort() {
    this.controller.abort();
  }
  send(body: FormData) {
    void this.run(body);
  }
  private async run(body: FormData) {
    const encoded = new Request(this.url, { method: 'POST', body });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    this.upload.onprogress?.({ loaded: Math.floor(bytes.length / 2), total: bytes.length });
    this.upload.onprogress?.({ loaded: bytes.length, total: bytes.length });
    try {
      const headers = { ...this.headers, 'content-type': encoded.headers.get('content-type') ?? '' };
      this.response = await fetch(this.url, {
        method: this.method,
        headers,
        body: bytes,
        signal: this.controller.signal,
      });
      this.status = this.response.status;
      this.responseText = await this.response.text();
      this.onload?.();
    } catch {
      if (this.controller.signal.aborted) this.onabort?.();
      else this.onerror?.();
    }
  }
}

const g = globalThis as { XMLHttpRequest?: unknown };
let server: TestServer;
beforeEach(async () => {
  server = await startServer(json(201, { id: 'm1', createdAt: '2026-01-01T00:00:00.000Z' }));
  FakeXhr.instances = [];
  g.XMLHttpRequest = FakeXhr;
});
afterEach(async () => {
  delete g.XMLHttpRequest;
  await server.close();
});

describe('upload (browser transport, XMLHttpRequest)', () => {
  it('sends credentials, the auth header, fields and files, without a time-out, and reports progress', async () => {
    const progress: [number, number][] = [];
    const client = createClient({ baseUrl: server.url, timeout: 50, auth: () => ({ apiKey: 'k' }) });
    const result = await client.upload<{ id: string; createdAt: string }>({
      path: '/medias/upload',
      files: { name: 'a.txt', data: new Blob(['hello']) },
      fields: { workspaceId: 'w1' },
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    const xhr = FakeXhr.instances[0];
    expect(xhr?.withCredentials).toBe(true);
    expect(xhr?.timeout).toBe(0);
    const req = server.received[0]!;
    expect(`${req.method} ${req.url}`).toBe('POST /v1/medias/upload');
    expect(req.headers.authorization).toBe('Token k');
    const form = await formDataOf(req);
    expect(form.get('workspaceId')).toBe('w1');
    expect(await (form.get('file') as File).text()).toBe('hello');
    expect((form.get('file') as File).name).toBe('a.txt');
    expect(progress.at(-1)).toEqual([req.body.length, req.body.length]);
    expect(result).toEqual({ id: 'm1', createdAt: new Date('2026-01-01T00:00:00.000Z') });
  });

  it('maps error answers to ApiError and GenericError', async () => {
    const client = createClient({ baseUrl: server.url });
    server.handle = json(403, { statusCode: 403, code: 'FORBIDDEN', message: 'No write access' });
    await expect(client.upload({ path: '/medias/upload', files: new Blob(['x']) })).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.statusCode === 403 && error.message === 'No write access',
    );
    server.handle = json(503);
    await expect(client.upload({ path: '/medias/upload', files: new Blob(['x']) })).rejects.toSatisfy(
      (error) => error instanceof GenericError && error.message === 'An error ocurred: Status 503',
    );
  });

  it('aborts the request when the signal fires', async () => {
    server.handle = () => undefined;
    const controller = new AbortController();
    const call = createClient({ baseUrl: server.url }).upload({
      path: '/medias/upload',
      files: new Blob(['x']),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    await expect(call).rejects.toSatisfy(
      (error) => error instanceof GenericError && error.reason === 'aborted',
    );
  });
});
