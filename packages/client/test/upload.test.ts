import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, GenericError } from '../src/api-error';
import { createClient } from '../src/create-client';
import { formDataOf, json, startServer, type TestServer } from './test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startServer(json(201, { id: 'm1', uploadedAt: '2026-01-01T00:00:00.000Z' }));
});
afterEach(() => server.close());

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected the upload to fail'),
    (error: unknown) => error,
  );
}

describe('upload (Node transport)', () => {
  it('streams files and fields as multipart, reports progress up to the total and maps the answer', async () => {
    const big = randomBytes(3 * 1024 * 1024 + 17);
    const small = new TextEncoder().encode('hello upload');
    const progress: [number, number][] = [];
    const client = createClient({ baseUrl: server.url, auth: () => ({ bearer: 'sess' }) });
    const result = await client.upload<{ id: string; uploadedAt: string }>({
      path: '/medias/upload',
      files: [
        new File([big], 'clip.mp4', { type: 'video/mp4' }),
        { name: 'notes.txt', data: new Blob([small]) },
      ],
      fields: { workspaceId: 'w1', count: 2, draft: false },
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });

    const req = server.received[0];
    expect(`${req?.method} ${req?.url}`).toBe('POST /v1/medias/upload');
    expect(req?.headers.authorization).toBe('Bearer sess');
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formDataOf(req!);
    expect(form.get('workspaceId')).toBe('w1');
    expect(form.get('count')).toBe('2');
    expect(form.get('draft')).toBe('false');
    const files = form.getAll('file') as File[];
    expect(files.map((f) => [f.name, f.type])).toEqual([
      ['clip.mp4', 'video/mp4'],
      ['notes.txt', 'application/octet-stream'],
    ]);
    expect(Buffer.from(await files[0]!.arrayBuffer()).equals(big)).toBe(true);
    expect(await files[1]!.text()).toBe('hello upload');

    const total = Number(req?.headers['content-length']);
    expect(total).toBe(req?.body.length);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.every(([, t]) => t === total)).toBe(true);
    expect(progress.map(([loaded]) => loaded)).toEqual(
      [...progress.map(([loaded]) => loaded)].sort((a, b) => a - b),
    );
    expect(progress.at(-1)).toEqual([total, total]);

    expect(result.id).toBe('m1');
    expect(result.uploadedAt).toEqual(new Date('2026-01-01T00:00:00.000Z'));
  });

  it('is not subject to the default time-out', async () => {
    const slow = json(201, { id: 'late' });
    server.handle = (req, res) => setTimeout(() => slow(req, res), 300);
    const client = createClient({ baseUrl: server.url, timeout: 100 });
    // The same server is too slow for an ordinary call with this client...
    expect(await failure(client.users.me())).toMatchObject({ name: 'GenericError', reason: 'timeout' });
    // ...but an upload waits for it.
    await expect(client.upload({ path: '/medias/upload', files: new Blob(['x']) })).resolves.toEqual({
      id: 'late',
    });
  });

  it('stops when its signal aborts mid-body', async () => {
    const controller = new AbortController();
    const progress: number[] = [];
    const call = createClient({ baseUrl: server.url }).upload({
      path: '/medias/upload',
      files: new Blob([randomBytes(16 * 1024 * 1024)]),
      signal: controller.signal,
      onProgress: (loaded, total) => {
        progress.push(loaded);
        if (loaded > 0 && loaded < total) controller.abort();
      },
    });
    const error = await failure(call);
    expect(error).toBeInstanceOf(GenericError);
    expect(error).toMatchObject({ statusCode: 0, reason: 'aborted' });
    expect(Math.max(...progress)).toBeLessThan(16 * 1024 * 1024);
    expect(server.received).toHaveLength(0);
  });

  it('stops when its signal aborts while waiting for the answer', async () => {
    server.handle = () => undefined;
    const controller = new AbortController();
    const call = createClient({ baseUrl: server.url }).upload({
      path: '/medias/upload',
      files: new Blob(['abc']),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    expect(await failure(call)).toMatchObject({ name: 'GenericError', reason: 'aborted' });
    // Reached the server (on a busy machine it may finish recording it just after the abort).
    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 3000 });
  });

  it('maps error answers like any other call', async () => {
    const client = createClient({ baseUrl: server.url });
    server.handle = json(413, { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File too large' });
    const error = await failure(client.upload({ path: '/medias/upload', files: new Blob(['abc']) }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File too large' });

    server.handle = (_req, res) => {
      res.writeHead(500);
      res.end('boom');
    };
    const generic = await failure(client.upload({ path: '/medias/upload', files: new Blob(['abc']) }));
    expect(generic).toMatchObject({ name: 'GenericError', message: 'An error ocurred: Status 500' });
  });
});
