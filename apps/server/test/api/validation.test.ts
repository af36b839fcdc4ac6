import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '@stromwerk/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { type OperationName, op } from '../helpers/route-call';
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
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The owner (platform admin) calls unless `as: 'user'`. */
  as?: 'user';
  code?: ErrorCode;
  message?: string;
}
/** A malformed value in the path can only be written as a path: `'GET /v1/users/not-a-uuid'`. */
type RawRequest = `${string} /v1/${string}`;
interface Case extends Opts {
  name: string;
  request: OperationName | RawRequest;
  field: string;
}

/** `:me`, `:corp`, `:ws`, `:any` and `:foreignWs` in path, query and body are filled in when the row runs. */
const bad = (request: Case['request'], field: string, opts: Opts = {}): Case => {
  const what = opts.query
    ? `?${new URLSearchParams(opts.query)}`
    : opts.body
      ? ` ${JSON.stringify(opts.body)}`
      : '';
  return { name: `${request}${what} -> ${field}`, request, field, ...opts };
};
const login = { email: 'someone@example.test', password: 'long-enough-1', name: 'Someone' };
const asUser = { as: 'user' } as const;
const invite = { corporationId: ':corp', email: 'a@example.test', permissions: ['read'] };

const cases: Case[] = [
  // ids and names in the path: malformed values only a raw path can carry
  bad('GET /v1/users/not-a-uuid', 'id'),
  bad('GET /v1/corporations/123', 'id'),
  bad('PUT /v1/workspaces/xyz', 'id', { body: { name: 'n' } }),
  bad('DELETE /v1/corporation/xyz', 'id'),
  bad('PUT /v1/api-keys/xyz/invalidate', 'id'),
  bad('GET /v1/invitations/42', 'id'),
  bad('PUT /v1/users/:me/feature-flag/teleport', 'flag'),
  bad('GET /v1/invitations/by-code/abc', 'code'),
  // login and sign-up
  bad('users.login', 'email', {
    body: { email: 'not-an-email', password: 'x' },
    message: 'Invalid email address',
  }),
  bad('users.login', 'password', { body: { email: 'a@example.test' } }),
  bad('users.register', 'email', { body: { ...login, email: 'nope' }, message: 'Invalid email address' }),
  bad('users.register', 'password', {
    body: { ...login, password: 'short' },
    message: 'The password must at least contain 8 characters',
  }),
  bad('users.register', 'name', { body: { ...login, name: undefined } }),
  bad('users.register', 'name', { body: { ...login, name: '  ' }, message: 'Required' }),
  bad('users.register', 'language', { body: { ...login, language: 'fr' } }),
  // profile, email, password
  bad('users.update', 'name', { params: { id: ':me' }, ...asUser, body: { name: '' } }),
  bad('users.update', 'language', { params: { id: ':me' }, ...asUser, body: { language: 'fr' } }),
  bad('users.update', 'avatarMediaId', { params: { id: ':me' }, ...asUser, body: { avatarMediaId: 'x' } }),
  bad('users.updateEmail', 'email', {
    params: { id: ':me' },
    ...asUser,
    query: { email: 'bad', password: 'x' },
  }),
  bad('users.updateEmail', 'password', {
    params: { id: ':me' },
    ...asUser,
    body: { email: 'new@example.test' },
  }),
  bad('users.updateEmail', 'password', {
    params: { id: ':me' },
    ...asUser,
    body: { email: 'new@example.test', password: 'wrong-password' },
    code: 'PASSWORD_INCORRECT',
  }),
  bad('users.updatePassword', 'newPassword', {
    params: { id: ':me' },
    ...asUser,
    query: { currentPassword: 'whatever', newPassword: 'short' },
  }),
  bad('users.updatePassword', 'currentPassword', {
    params: { id: ':me' },
    ...asUser,
    body: { currentPassword: 'wrong-password', newPassword: 'long-enough-2' },
    code: 'PASSWORD_INCORRECT',
  }),
  bad('users.startPasswordReset', 'email', { query: { email: 'bad' } }),
  bad('users.startPasswordReset', 'email'),
  bad('users.completePasswordReset', 'token', {
    body: { token: 'abc', password: 'long-enough-1' },
  }),
  bad('users.completePasswordReset', 'password', {
    query: { token: 'x'.repeat(30), password: 'short' },
  }),
  bad('users.completeEmailVerification', 'token', { query: { token: 'abc' } }),
  bad('users.setFeatureFlag', 'enabled', {
    params: { id: ':me', flag: 'media' },
    query: { enabled: 'maybe' },
  }),
  bad('apiKeys.create', 'name', { params: { id: ':me' }, ...asUser, body: {} }),
  // pagination
  bad('workspaces.list', 'limit', { query: { limit: '0' } }),
  bad('corporations.list', 'limit', { query: { limit: '500' } }),
  bad('users.list', 'limit', { query: { limit: 'many' } }),
  bad('corporations.members', 'offset', { params: { id: ':corp' }, query: { offset: '-1' } }),
  bad('apiKeys.list', 'limit', { ...asUser, query: { limit: '201' } }),
  // corporations
  bad('corporations.create', 'name', { body: {} }),
  bad('corporations.update', 'features', { params: { id: ':corp' }, body: { features: ['teleport'] } }),
  bad('corporations.setUserPermissions', 'userId', {
    params: { id: ':corp' },
    body: { userId: 'x', permissions: ['read'] },
  }),
  bad('corporations.setUserPermissions', 'permissions', {
    params: { id: ':corp' },
    body: { userId: ':any', permissions: ['owner'] },
  }),
  // an unknown user is found only by the service, which names the field the same way
  bad('corporations.setUserPermissions', 'userId', {
    params: { id: ':corp' },
    body: { userId: ':any', permissions: ['read'] },
  }),
  bad('corporations.setWorkspaceSorting', 'workspaceIds', {
    params: { id: ':corp' },
    body: { workspaceIds: [] },
  }),
  bad('corporations.setWorkspaceSorting', 'workspaceIds', {
    params: { id: ':corp' },
    body: { workspaceIds: [':ws', ':foreignWs'] },
  }),
  bad('corporations.hasAccess', 'permission', { params: { id: ':corp' }, query: { permission: 'root' } }),
  bad('usage.updateQuota', 'maxWorkspaces', { params: { id: ':corp' }, body: { maxWorkspaces: -1 } }),
  bad('usage.updateQuota', 'maxUsers', { params: { id: ':corp' }, body: { maxUsers: 1.5 } }),
  // workspaces
  bad('workspaces.create', 'corporationId', { body: { corporationId: 'x', name: 'n' } }),
  bad('workspaces.create', 'name', { body: { corporationId: ':corp' } }),
  bad('workspaces.list', 'corporationId', { query: { corporationId: 'x' } }),
  bad('workspaces.update', 'name', { params: { id: ':ws' }, body: { name: ' ' } }),
  bad('workspaces.setUserPermissions', 'userId', {
    params: { id: ':ws' },
    body: { userId: '1', permissions: [] },
  }),
  // invitations
  bad('invitations.create', 'email', {
    body: { ...invite, email: 'bad' },
    message: 'Invalid email address',
  }),
  bad('invitations.create', 'permissions', {
    body: { ...invite, permissions: [] },
    message: 'Selection required',
  }),
  bad('invitations.create', 'workspaceId', { body: { ...invite, workspaceId: ':foreignWs' } }),
  bad('invitations.list', 'scope', { query: { scope: 'everyone' } }),
  bad('invitations.update', 'permissions', { params: { id: ':any' }, body: { permissions: [] } }),
  bad('invitations.respond', 'accept', { params: { id: ':any' }, query: { accept: 'maybe' } }),
  bad('invitations.respond', 'accept', { params: { id: ':any' } }),
  // usage
  bad('usage.report', 'corporationId', { body: { corporationId: 'x' } }),
  bad('usage.report', 'workspaceId', { body: { corporationId: ':corp', workspaceId: 'x' } }),
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
    const filled = <T>(value: T): T =>
      value === undefined ? value : JSON.parse(fill(JSON.stringify(value)));
    const input = {
      token: c.as === 'user' ? user.token : ctx.owner.token,
      query: filled(c.query),
      ...(c.body !== undefined ? { body: filled(c.body) } : {}),
    };
    const [method, path] = c.request.split(' ') as [string, string | undefined];
    const res = path
      ? await call(ctx.app, method, fill(path), input)
      : // Rows hold invalid input on purpose, so it is not held to the operation's types.
        await op(ctx.app, c.request as OperationName, { ...input, params: filled(c.params) } as never);
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
