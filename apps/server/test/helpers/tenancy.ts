import type { Page } from '@stromwerk/contracts/common';
import type { Permission } from '@stromwerk/contracts/permissions';
import { call, createUser, type TestContext } from './test-app';

export type TestUser = Awaited<ReturnType<typeof createUser>>;

/** Gives an existing user permissions in a corporation, or in one of its workspaces, through the API. */
export async function grant(
  ctx: TestContext,
  adminToken: string,
  userId: string,
  scope: { corporationId: string } | { workspaceId: string },
  permissions: Permission[],
) {
  const url =
    'workspaceId' in scope
      ? `/v1/workspaces/${scope.workspaceId}/set-user-permissions`
      : `/v1/corporations/${scope.corporationId}/set-user-permissions`;
  const res = await call(ctx.app, 'PUT', url, { token: adminToken, body: { userId, permissions } });
  if (res.status !== 204) throw new Error(`grant failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A new user holding `permissions` in the scope, granted by the scope's admin. */
export async function createMember(
  ctx: TestContext,
  adminToken: string,
  scope: { corporationId: string } | { workspaceId: string },
  permissions: Permission[],
): Promise<TestUser> {
  const user = await createUser(ctx);
  await grant(ctx, adminToken, user.user.id, scope, permissions);
  return user;
}

/** Creates a workspace through the API and returns its id. */
export async function createWorkspace(ctx: TestContext, token: string, corporationId: string, name: string) {
  const res = await call<{ id: string }>(ctx.app, 'POST', '/v1/workspaces', {
    token,
    body: { corporationId, name },
  });
  if (res.status !== 201) throw new Error(`workspace failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export const idsOf = (page: Page<{ id: string }>) => page.items.map((i) => i.id);
