import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '@stromwerk/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { call, createTenant, createTestApp, createUser, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
let user: Awaited<ReturnType<typeof createUser>>;
let foreignWs: string;

beforeAll(async () => {
  ctx = await createTestApp();
  user = await createUser(ctx);
  foreignWs = (await createTenant(ctx, 'Elsewhere')).workspaceId;
});
afterAll(() => ctx.close());

interface Opts {
  query?: Record<string, string>;
  body?: unknown;
  /** The owner (platform admin) calls unless `as: 'user'`. */
  as?: 'user';
  code?: ErrorCode;
  message?: string;
}
interface Case extends Opts {
  name: string;
  method: string;
  path: string;
  field: string;
}

/** `:me`, `:corp`, `:ws`, `:any` and `:foreignWs` in path, query and body are filled in when the row runs. */
const bad = (request: string, field: string, opts: Opts = {}): Case => {
  const [method, path] = request.split(' ') as [string, string];
  const what = opts.query
    ? `?${new URLSearchParams(opts.query)}`
    : opts.body
      ? ` ${JSON.stringify(opts.body)}`
      : '';
  return { name: `${request}${what} -> ${field}`, method, path, field, ...opts };
};
const login = { email: 'someone@example.test', password: 'long-enough-1', name: 'Someone' };
const asUser = { as: 'user' } as const;
const invite = { corporationId: ':corp', email: 'a@example.test', permissions: ['read'] };

const cases: Case[] = [
  // ids and names in the path
  bad('GET /v1/users/not-a-uuid', 'id'),
  bad('GET /v1/corporations/123', 'id'),
  bad('PUT /v1/workspaces/xyz', 'id', { body: { name: 'n' } }),
  bad('DELETE /v1/corporation/xyz', 'id'),
  bad('PUT /v1/api-keys/xyz/invalidate', 'id'),
  bad('GET /v1/invitations/42', 'id'),
  bad('PUT /v1/users/:me/feature-flag/teleport', 'flag'),
  bad('GET /v1/invitations/by-code/abc', 'code'),
  // login and sign-up
  bad('POST /v1/login', 'email', {
    body: { email: 'not-an-email', password: 'x' },
    message: 'Invalid email address',
  }),
  bad('POST /v1/login', 'password', { body: { email: 'a@example.test' } }),
  bad('POST /v1/users', 'email', { body: { ...login, email: 'nope' }, message: 'Invalid email address' }),
  bad('POST /v1/users', 'password', {
    body: { ...login, password: 'short' },
    message: 'The password must at least contain 8 characters',
  }),
  bad('POST /v1/users', 'name', { body: { ...login, name: undefined } }),
  bad('POST /v1/users', 'name', { body: { ...login, name: '  ' }, message: 'Required' }),
  bad('POST /v1/users', 'language', { body: { ...login, language: 'fr' } }),
  // profile, email, password
  bad('PUT /v1/users/:me', 'name', { ...asUser, body: { name: '' } }),
  bad('PUT /v1/users/:me', 'language', { ...asUser, body: { language: 'fr' } }),
  bad('PUT /v1/users/:me', 'avatarMediaId', { ...asUser, body: { avatarMediaId: 'x' } }),
  bad('PUT /v1/users/:me/update-email', 'email', { ...asUser, query: { email: 'bad', password: 'x' } }),
  bad('PUT /v1/users/:me/update-email', 'password', { ...asUser, body: { email: 'new@example.test' } }),
  bad('PUT /v1/users/:me/update-email', 'password', {
    ...asUser,
    body: { email: 'new@example.test', password: 'wrong-password' },
    code: 'PASSWORD_INCORRECT',
  }),
  bad('PUT /v1/users/:me/update-password', 'newPassword', {
    ...asUser,
    query: { currentPassword: 'whatever', newPassword: 'short' },
  }),
  bad('PUT /v1/users/:me/update-password', 'currentPassword', {
    ...asUser,
    body: { currentPassword: 'wrong-password', newPassword: 'long-enough-2' },
    code: 'PASSWORD_INCORRECT',
  }),
  bad('PUT /v1/users/reset-password/start', 'email', { query: { email: 'bad' } }),
  bad('PUT /v1/users/reset-password/start', 'email'),
  bad('PUT /v1/users/reset-password/complete', 'token', {
    body: { token: 'abc', password: 'long-enough-1' },
  }),
  bad('PUT /v1/users/reset-password/complete', 'password', {
    query: { token: 'x'.repeat(30), password: 'short' },
  }),
  bad('PUT /v1/users/verify-email/complete', 'token', { query: { token: 'abc' } }),
  bad('PUT /v1/users/:me/feature-flag/media', 'enabled', { query: { enabled: 'maybe' } }),
  bad('POST /v1/users/:me/api-keys', 'name', { ...asUser, body: {} }),
  // pagination
  bad('GET /v1/workspaces', 'limit', { query: { limit: '0' } }),
  bad('GET /v1/corporations', 'limit', { query: { limit: '500' } }),
  bad('GET /v1/users', 'limit', { query: { limit: 'many' } }),
  bad('GET /v1/corporations/:corp/members', 'offset', { query: { offset: '-1' } }),
  bad('GET /v1/api-keys', 'limit', { ...asUser, query: { limit: '201' } }),
  // corporations
  bad('POST /v1/corporations', 'name', { body: {} }),
  bad('PUT /v1/corporations/:corp', 'features', { body: { features: ['teleport'] } }),
  bad('PUT /v1/corporations/:corp/set-user-permissions', 'userId', {
    body: { userId: 'x', permissions: ['read'] },
  }),
  bad('PUT /v1/corporations/:corp/set-user-permissions', 'permissions', {
    body: { userId: ':any', permissions: ['owner'] },
  }),
  // an unknown user is found only by the service, which names the field the same way
  bad('PUT /v1/corporations/:corp/set-user-permissions', 'userId', {
    body: { userId: ':any', permissions: ['read'] },
  }),
  bad('PUT /v1/corporations/:corp/set-workspace-sorting', 'workspaceIds', { body: { workspaceIds: [] } }),
  bad('PUT /v1/corporations/:corp/set-workspace-sorting', 'workspaceIds', {
    body: { workspaceIds: [':ws', ':foreignWs'] },
  }),
  bad('GET /v1/corporations/:corp/has-access', 'permission', { query: { permission: 'root' } }),
  bad('PUT /v1/corporations/:corp/quota', 'maxWorkspaces', { body: { maxWorkspaces: -1 } }),
  bad('PUT /v1/corporations/:corp/quota', 'maxUsers', { body: { maxUsers: 1.5 } }),
  // workspaces
  bad('POST /v1/workspaces', 'corporationId', { body: { corporationId: 'x', name: 'n' } }),
  bad('POST /v1/workspaces', 'name', { body: { corporationId: ':corp' } }),
  bad('GET /v1/workspaces', 'corporationId', { query: { corporationId: 'x' } }),
  bad('PUT /v1/workspaces/:ws', 'name', { body: { name: ' ' } }),
  bad('PUT /v1/workspaces/:ws/set-user-permissions', 'userId', { body: { userId: '1', permissions: [] } }),
  // invitations
  bad('POST /v1/invitations', 'email', {
    body: { ...invite, email: 'bad' },
    message: 'Invalid email address',
  }),
  bad('POST /v1/invitations', 'permissions', {
    body: { ...invite, permissions: [] },
    message: 'Selection required',
  }),
  bad('POST /v1/invitations', 'workspaceId', { body: { ...invite, workspaceId: ':foreignWs' } }),
  bad('GET /v1/invitations', 'scope', { query: { scope: 'everyone' } }),
  bad('PUT /v1/invitations/:any', 'permissions', { body: { permissions: [] } }),
  bad('PUT /v1/invitations/:any/respond', 'accept', { query: { accept: 'maybe' } }),
  bad('PUT /v1/invitations/:any/respond', 'accept'),
  // usage
  bad('POST /v1/usage', 'corporationId', { body: { corporationId: 'x' } }),
  bad('POST /v1/usage', 'workspaceId', { body: { corporationId: ':corp', workspaceId: 'x' } }),
];

const anyId = randomUUID();
function fill(text: string): string {
  return text
    .replaceAll(':me', user.user.id)
    .replaceAll(':corp', ctx.owner.corporationId)
    .replaceAll(':foreignWs', foreignWs)
    .replaceAll(':ws', ctx.owner.workspaceId)
    .replaceAll(':any', anyId);
}

describe(`bad input answers 400 naming the field (${testDbEngine()})`, () => {
  it.each(cases)('$name', async (c) => {
    const res = await call(ctx.app, c.method, fill(c.path), {
      token: c.as === 'user' ? user.token : ctx.owner.token,
      query: c.query ? JSON.parse(fill(JSON.stringify(c.query))) : undefined,
      ...(c.body !== undefined ? { body: JSON.parse(fill(JSON.stringify(c.body))) } : {}),
    });
    const body = expectError(res, 400, c.code ?? 'VALIDATION_FAILED', c.field);
    if (c.message) expect(body.details!.map((d) => d.message)).toContain(c.message);
  });

  it('changed nothing through the refused calls', async () => {
    const mine = await op(ctx.app, 'users.me', { token: user.token });
    expect(mine.body).toMatchObject({ email: user.user.email, name: user.user.name });
    expect((await op(ctx.app, 'users.me', { token: user.token })).status).toBe(200);
    const quota = await op(ctx.app, 'usage.quota', {
      token: ctx.owner.token,
      params: { id: ctx.owner.corporationId },
    });
    expect(quota.body).toMatchObject({ maxWorkspaces: 50, maxUsers: 100 });
    const keys = await op(ctx.app, 'apiKeys.list', { token: user.token });
    expect(keys.body.total).toBe(0);
    const corps = await op(ctx.app, 'corporations.list', { token: ctx.owner.token });
    expect(corps.body.total).toBe(2);
  });
});
