import type { HasAccessResponse } from '@stromwerk/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createMember, type TestUser } from '../helpers/tenancy';
import { call, createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let reader: TestUser;
let writer: TestUser;
let invitationId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  tenant = await createTenant(ctx, 'Perm Corp');
  const scope = { corporationId: tenant.corporationId };
  reader = await createMember(ctx, tenant.user.token, scope, ['read']);
  writer = await createMember(ctx, tenant.user.token, scope, ['write']);
  const inv = await op(ctx.app, 'invitations.create', {
    token: tenant.user.token,
    body: { corporationId: tenant.corporationId, email: 'perm-invitee@example.test', permissions: ['read'] },
  });
  invitationId = inv.body.id;
});
afterAll(() => ctx.close());

interface Req {
  name: string;
  method: string;
  url: () => string;
  body?: () => unknown;
}
const c = () => `/v1/corporations/${tenant.corporationId}`;
const w = () => `/v1/workspaces/${tenant.workspaceId}`;
const req = (name: string, url: () => string, body?: () => unknown): Req => ({
  name,
  method: name.split(' ')[0]!,
  url,
  body,
});

/** Needs corporation admin: refused to read and write members. */
const adminOnly: Req[] = [
  req('PUT /v1/corporations/{id}', c, () => ({ name: 'Renamed' })),
  req('DELETE /v1/corporation/{id}', () => `/v1/corporation/${tenant.corporationId}`),
  req('GET /v1/corporations/{id}/invitations', () => `${c()}/invitations`),
  req('DELETE /v1/workspaces/{id}', w),
  req(
    'POST /v1/invitations',
    () => '/v1/invitations',
    () => ({
      corporationId: tenant.corporationId,
      email: 'x@example.test',
      permissions: ['read'],
    }),
  ),
  req(
    'PUT /v1/invitations/{id}',
    () => `/v1/invitations/${invitationId}`,
    () => ({ permissions: ['admin'] }),
  ),
  req('DELETE /v1/invitations/{id}', () => `/v1/invitations/${invitationId}`),
];
/** Needs write: refused to read members only. */
const writeOnly: Req[] = [
  req(
    'PUT /v1/corporations/{id}/set-workspace-sorting',
    () => `${c()}/set-workspace-sorting`,
    () => ({
      workspaceIds: [tenant.workspaceId],
    }),
  ),
  req(
    'POST /v1/workspaces',
    () => '/v1/workspaces',
    () => ({ corporationId: tenant.corporationId, name: 'Nope' }),
  ),
  req('PUT /v1/workspaces/{id}', w, () => ({ name: 'Nope' })),
];
/** Platform-admin routes: refused even to the corporation's own admin. */
const platformOnly: Req[] = [
  req('PUT /v1/corporations/{id}/block', () => `${c()}/block`),
  req('PUT /v1/corporations/{id}/unblock', () => `${c()}/unblock`),
  req(
    'PUT /v1/corporations/{id}/quota',
    () => `${c()}/quota`,
    () => ({ maxWorkspaces: 1000 }),
  ),
  req('PUT /v1/users/{id}/block', () => `/v1/users/${reader.user.id}/block`),
  req('PUT /v1/users/{id}/unblock', () => `/v1/users/${reader.user.id}/unblock`),
  req('PUT /v1/users/{id}/feature-flag/{flag}', () => `/v1/users/${reader.user.id}/feature-flag/media`),
];
const run = (token: string, r: Req) =>
  call(ctx.app, r.method, r.url(), { token, ...(r.body ? { body: r.body() } : {}) });

describe(`permissions: 403 for what a member lacks (${testDbEngine()})`, () => {
  it.each([...adminOnly, ...writeOnly])('read member is refused: $name', async (r) => {
    expectError(await run(reader.token, r), 403, 'FORBIDDEN');
  });

  it.each(adminOnly)('write member is refused: $name', async (r) => {
    expectError(await run(writer.token, r), 403, 'FORBIDDEN');
  });

  it.each(platformOnly)('corporation admin is refused the platform-admin route $name', async (r) => {
    expectError(await run(tenant.user.token, r), 403, 'FORBIDDEN');
  });

  it('a member cannot raise their own permissions, in the corporation or a workspace', async () => {
    for (const url of [`${c()}/set-user-permissions`, `${w()}/set-user-permissions`]) {
      for (const who of [reader, writer]) {
        const body = { userId: who.user.id, permissions: ['admin'] };
        expectError(await call(ctx.app, 'PUT', url, { token: who.token, body }), 403, 'FORBIDDEN');
      }
    }
    const access = await call<HasAccessResponse>(ctx.app, 'GET', `${c()}/has-access`, {
      token: reader.token,
      query: { permission: 'admin' },
    });
    expect(access.body).toEqual({ access: false, permissions: ['read'] });
  });

  it('a corporation admin may not change, re-address or re-password another account', async () => {
    const u = `/v1/users/${reader.user.id}`;
    const asAdmin = { token: tenant.user.token };
    expectError(await call(ctx.app, 'PUT', u, { ...asAdmin, body: { name: 'Renamed' } }), 403, 'FORBIDDEN');
    expectError(
      await call(ctx.app, 'PUT', `${u}/update-email`, {
        ...asAdmin,
        body: { email: 'x@example.test', password: 'whatever-1' },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(ctx.app, 'PUT', `${u}/update-password`, {
        ...asAdmin,
        body: { currentPassword: 'whatever-1', newPassword: 'whatever-2' },
      }),
      403,
      'FORBIDDEN',
    );
    // ...but sees the member.
    const seen = await call<{ id: string; name: string }>(ctx.app, 'GET', u, asAdmin);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: reader.user.id, name: reader.user.name });
  });

  it('members see what they may read and nothing changed through the refused calls', async () => {
    const corp = await call<{ name: string; permissions: string[] }>(ctx.app, 'GET', c(), {
      token: reader.token,
    });
    expect(corp.body).toMatchObject({ name: 'Perm Corp', permissions: ['read'] });
    const ws = await call<{ name: string; permissions: string[] }>(ctx.app, 'GET', w(), {
      token: reader.token,
    });
    expect(ws.body).toMatchObject({ name: 'Perm Corp WS', permissions: ['read'] });
    const inv = await op(ctx.app, 'invitations.get', {
      token: tenant.user.token,
      params: { id: invitationId },
    });
    expect(inv.body.status).toBe('pending');
    // A reader does not learn about invitations of the corporation.
    expectError(
      await op(ctx.app, 'invitations.get', { token: reader.token, params: { id: invitationId } }),
      404,
      'NOT_FOUND',
    );
    const quota = await call<{ maxWorkspaces: number }>(ctx.app, 'GET', `${c()}/quota`, {
      token: reader.token,
    });
    expect(quota.body.maxWorkspaces).toBe(50);
  });

  it('write is enough for the write rows; admin for the admin rows', async () => {
    expect((await run(writer.token, writeOnly[0]!)).status).toBe(204);
    const created = await op(ctx.app, 'workspaces.create', {
      token: writer.token,
      body: { corporationId: tenant.corporationId, name: 'By writer' },
    });
    expect(created.status).toBe(201);
    expect(created.body.permissions).toEqual(['read', 'write']);
    const renamed = await op(ctx.app, 'workspaces.update', {
      token: writer.token,
      params: { id: created.body.id },
      body: { name: 'Renamed by writer' },
    });
    expect(renamed.body.name).toBe('Renamed by writer');
    const list = await call<{ items: { id: string; status: string }[] }>(
      ctx.app,
      'GET',
      `${c()}/invitations`,
      { token: tenant.user.token },
    );
    expect(list.status).toBe(200);
    // The pending invitation is still there (the reader and writer joined through accepted ones).
    expect(list.body.items.filter((i) => i.status === 'pending').map((i) => i.id)).toEqual([invitationId]);
  });
});
