import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, GenericError } from '../src/api-error';
import { createClient } from '../src/create-client';
import { json, startServer, type TestServer } from './test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

const never = () => undefined; // a handler that never answers

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected the call to fail'),
    (error: unknown) => error,
  );
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
}

describe('HTTP errors', () => {
  it("becomes ApiError with the status, the server's code, text and details", async () => {
    const details = [{ field: 'name', message: 'Required' }];
    server.handle = json(422, {
      statusCode: 422,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      details,
    });
    const error = await failure(
      createClient({ baseUrl: server.url }).workspaces.create({ body: { corporationId: 'c', name: '' } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      statusCode: 422,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      details,
    });
  });

  it('keeps the status of the response, e.g. 404 NOT_FOUND', async () => {
    server.handle = json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Workspace not found' });
    const error = await failure(
      createClient({ baseUrl: server.url }).workspaces.get({ params: { id: 'w1' } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Workspace not found' });
  });

  it('becomes GenericError "An error ocurred: Status <code>" for a non-JSON body', async () => {
    server.handle = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    };
    const error = await failure(createClient({ baseUrl: server.url }).users.me());
    expect(error).toBeInstanceOf(GenericError);
    expect((error as GenericError).message).toBe('An error ocurred: Status 502');
    expect(error).toMatchObject({ statusCode: 502, reason: 'http' });
  });

  it('becomes GenericError for an empty body or JSON without error text', async () => {
    const client = createClient({ baseUrl: server.url });
    server.handle = json(500);
    expect(await failure(client.users.me())).toMatchObject({
      name: 'GenericError',
      message: 'An error ocurred: Status 500',
    });
    server.handle = json(403, { nope: true });
    const error = await failure(client.users.me());
    expect(error).toBeInstanceOf(GenericError);
    expect((error as GenericError).message).toBe('An error ocurred: Status 403');
  });
});

describe('no response', () => {
  it('becomes GenericError with status 0 on a network failure', async () => {
    const closed = await startServer();
    await closed.close();
    const error = await failure(createClient({ baseUrl: closed.url }).users.me());
    expect(error).toBeInstanceOf(GenericError);
    expect(error).toMatchObject({ statusCode: 0, reason: 'network', message: 'An error ocurred: Status 0' });
  });

  it('times out after the per-call time-out', async () => {
    server.handle = never;
    const started = Date.now();
    const error = await failure(createClient({ baseUrl: server.url }).users.me({}, { timeout: 200 }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(error).toBeInstanceOf(GenericError);
    expect(error).toMatchObject({ statusCode: 0, reason: 'timeout' });
    expect(String((error as GenericError).cause)).toContain('timed out after 200 ms');
    // The request did reach the server; on a busy machine it may record it just after the client gave up.
    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 3000 });
  });

  it('times out after the client time-out when the call sets none', async () => {
    server.handle = never;
    const error = await failure(createClient({ baseUrl: server.url, timeout: 100 }).users.me());
    expect(error).toMatchObject({ name: 'GenericError', reason: 'timeout' });
  });

  it('defaults to 60000 ms', async () => {
    server.handle = never;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled: unknown;
    createClient({ baseUrl: server.url })
      .users.me()
      .catch((error: unknown) => {
        settled = error;
      });
    // Poll on setImmediate: vi.waitUntil would itself advance the fake clock.
    await until(() => server.received.length === 1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await until(() => settled !== undefined);
    expect(settled).toMatchObject({ name: 'GenericError', reason: 'timeout' });
  });

  it("maps the caller's abort to GenericError reason 'aborted'", async () => {
    server.handle = never;
    const controller = new AbortController();
    const call = createClient({ baseUrl: server.url }).users.me({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await failure(call)).toMatchObject({ name: 'GenericError', statusCode: 0, reason: 'aborted' });
  });
});
