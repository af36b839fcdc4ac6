import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op, routeOf } from '../helpers/route-call';
import { routeKeys, routeTable } from '../helpers/route-table';
import { call, createTestApp, createUser, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  ctx = await createTestApp();
  user = await createUser(ctx);
});
afterAll(() => ctx.close());

interface Operation {
  responses: Record<string, unknown>;
  security?: unknown[];
}
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

const id = randomUUID();
const foundation = routeTable(
  {
    userId: id,
    email: 'x@example.test',
    corporationId: id,
    workspaceId: id,
    invitationId: id,
    apiKeyId: id,
    emailVerificationId: id,
    passwordResetId: id,
  },
  id,
);

/** Broken or foreign bodies (truncated JSON, XML, oversized) that call() and op() cannot send: raw paths. */
const raw = (method: 'POST' | 'PUT', url: string, contentType: string, payload: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${user.token}`, 'content-type': contentType },
    payload,
  });
const asResponse = (res: { statusCode: number; body: string }) => ({
  status: res.statusCode,
  body: JSON.parse(res.body),
});

describe(`OpenAPI document (${testDbEngine()})`, () => {
  it('is served without a caller and documents every foundation route with its errors', async () => {
    const res = await call<OpenApi>(ctx.app, 'GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(res.body.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const missing = routeKeys(foundation).filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
    for (const r of foundation) {
      const op = res.body.paths[r.template]![r.method.toLowerCase()]!;
      const codes = Object.keys(op.responses);
      const takesInput = r.template.includes('{') || r.query !== undefined || r.body !== undefined;
      const expected = r.public ? (takesInput ? ['400'] : ['200']) : ['400', '401', '403', '404'];
      expect(codes, `${r.method} ${r.template}`).toEqual(expect.arrayContaining(expected));
    }
  });
});

describe(`error shape (${testDbEngine()})`, () => {
  it('an unknown route answers 404 NOT_FOUND naming it', async () => {
    const res = expectError(
      await call(ctx.app, 'GET', '/v1/no-such-thing', { token: user.token }),
      404,
      'NOT_FOUND',
    );
    expect(res.message).toContain('/v1/no-such-thing');
    // The plural path is not a delete route: the spec names the singular one.
    const plural = await call(ctx.app, 'DELETE', `/v1/corporations/${ctx.owner.corporationId}`, {
      token: ctx.owner.token,
    });
    expectError(plural, 404, 'NOT_FOUND');
    expect(
      (
        await op(ctx.app, 'corporations.get', {
          token: ctx.owner.token,
          params: { id: ctx.owner.corporationId },
        })
      ).status,
    ).toBe(200);
  });

  it('malformed JSON answers 400 VALIDATION_FAILED', async () => {
    expectError(
      asResponse(await raw('POST', '/v1/corporations', 'application/json', '{"name": ')),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('an unsupported content type answers 415 UNSUPPORTED_MEDIA', async () => {
    expectError(
      asResponse(await raw('POST', '/v1/corporations', 'application/xml', '<name>x</name>')),
      415,
      'UNSUPPORTED_MEDIA',
    );
  });

  it('a body over 1 MiB answers 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    expectError(
      asResponse(await raw('POST', '/v1/corporations', 'application/json', big)),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    const corps = await op(ctx.app, 'corporations.list', { token: user.token });
    expect(corps.body.total).toBe(0);
  });

  it('a wrong JSON type answers 400 naming the field', async () => {
    const res = asResponse(await raw('POST', '/v1/corporations', 'application/json', '{"name": 42}'));
    expectError(res, 400, 'VALIDATION_FAILED', 'name');
  });

  it('malformed Authorization headers answer 401 TOKEN_INVALID', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'bearer abc',
      `Bearer ${user.token}x`,
    ]) {
      expectError(await op(ctx.app, 'users.me', { headers: { authorization } }), 401, 'TOKEN_INVALID');
    }
  });

  it('a 204 has no body and no content type', async () => {
    // Raw inject: the raw body text is what is checked.
    const res = await ctx.app.inject({
      ...routeOf('users.startPasswordReset'),
      query: { email: 'nobody@example.test' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });
});
