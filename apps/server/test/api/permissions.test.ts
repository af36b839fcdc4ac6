import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { type OperationName, op } from '../helpers/route-call';
import { createMember, type TestUser } from '../helpers/tenancy';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
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
  operation: OperationName;
  input: () => { params?: Record<string, string>; body?: unknown };
}
const req = (operation: OperationName, input: Req['input'] = () => ({})): Req => ({
  operation,
  input,
});
const corp = () => ({ params: { id: tenant.corporationId } });
const ws = () => ({ params: { id: tenant.workspaceId } });
const user = () => ({ params: { id: reader.user.id } });

/** Needs corporation admin: refused to read and write members. */
const adminOnly: Req[] = [
  req('corporations.update', () => ({ ...corp(), body: { name: 'Renamed' } })),
  req('corporations.remove', corp),
  req('corporations.invitations', corp),
  req('workspaces.remove', ws),
  req('invitations.create', () => ({
    body: { corporationId: tenant.corporationId, email: 'x@example.test', permissions: ['read'] },
  })),
  req('invitations.update', () => ({
    params: { id: invitationId },
    body: { permissions: ['admin'] },
  })),
  req('invitations.revoke', () => ({ params: { id: invitationId } })),
];
/** Needs write: refused to read members only. */
const writeOnly: Req[] = [
  req('corporations.setWorkspaceSorting', () => ({
    ...corp(),
    body: { workspaceIds: [tenant.workspaceId] },
  })),
  req('workspaces.create', () => ({
    body: { corporationId: tenant.corporationId, name: 'Nope' },
  })),
  req('workspaces.update', () => ({ ...ws(), body: { name: 'Nope' } })),
];
/** Platform-admin routes: refused even to the corporation's own admin. */
const platformOnly: Req[] = [
  req('corporations.block', corp),
  req('corporations.unblock', corp),
  req('usage.updateQuota', () => ({
    ...corp(),
    body: { maxWorkspaces: 1000 },
  })),
  req('users.block', user),
  req('users.unblock', user),
  req('users.setFeatureFlag', () => ({
    params: { id: reader.user.id, flag: 'media' },
  })),
];
/** The operation is chosen at run time, so its input is not held to one operation's type. */
const run = (token: string, r: Req) => op(ctx.app, r.operation, { token, ...r.input() } as never);

describe(`permissions: 403 for what a member lacks (${testDbEngine()})`, () => {
  it.each([...adminOnly, ...writeOnly])('read member is refused: $operation', async (r) => {
    expectError(await run(reader.token, r), 403, 'FORBIDDEN');
  });

  it.each(adminOnly)('write member is refused: $operation', async (r) => {
    expectError(await run(writer.token, r), 403, 'FORBIDDEN');
  });

  it.each(platformOnly)('corporation admin is refused the platform-admin route $operation', async (r) => {
    expectError(await run(tenant.user.token, r), 403, 'FORBIDDEN');
  });

  it('a member cannot raise their own permissions, in the corporation or a workspace', async () => {
    const scopes = [
      ['corporations.setUserPermissions', tenant.corporationId],
      ['workspaces.setUserPermissions', tenant.workspaceId],
    ] as const;
    for (const [operation, id] of scopes) {
      for (const who of [reader, writer]) {
        const body = { userId: who.user.id, permissions: ['admin' as const] };
        expectError(
          await op(ctx.app, operation, { token: who.token, params: { id }, body }),
          403,
          'FORBIDDEN',
        );
      }
    }
    const access = await op(ctx.app, 'corporations.hasAccess', {
      token: reader.token,
      query: { permission: 'admin' },
      params: { id: tenant.corporationId },
    });
    expect(access.body).toEqual({ access: false, permissions: ['read'] });
  });

  it('a corporation admin may not change, re-address or re-password another account', async () => {
    const asAdmin = { token: tenant.user.token };
    expectError(
      await op(ctx.app, 'users.update', {
        ...asAdmin,
        params: { id: reader.user.id },
        body: { name: 'Renamed' },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await op(ctx.app, 'users.updateEmail', {
        ...asAdmin,
        params: { id: reader.user.id },
        body: { email: 'x@example.test', password: 'whatever-1' },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await op(ctx.app, 'users.updatePassword', {
        ...asAdmin,
        params: { id: reader.user.id },
        body: { currentPassword: 'whatever-1', newPassword: 'whatever-2' },
      }),
      403,
      'FORBIDDEN',
    );
    // ...but sees the member.
    const seen = await op(ctx.app, 'users.get', { ...asAdmin, params: { id: reader.user.id } });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: reader.user.id, name: reader.user.name });
  });

  it('members see what they may read and nothing changed through the refused calls', async () => {
    const corp = await op(ctx.app, 'corporations.get', {
      token: reader.token,
      params: { id: tenant.corporationId },
    });
    expect(corp.body).toMatchObject({ name: 'Perm Corp', permissions: ['read'] });
    const ws = await op(ctx.app, 'workspaces.get', {
      token: reader.token,
      params: { id: tenant.workspaceId },
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
    const quota = await op(ctx.app, 'usage.quota', {
      token: reader.token,
      params: { id: tenant.corporationId },
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
    const list = await op(ctx.app, 'corporations.invitations', {
      token: tenant.user.token,
      params: { id: tenant.corporationId },
    });
    expect(list.status).toBe(200);
    // The pending invitation is still there (the reader and writer joined through accepted ones).
    expect(list.body.items.filter((i) => i.status === 'pending').map((i) => i.id)).toEqual([invitationId]);
  });
});
