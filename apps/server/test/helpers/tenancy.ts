import type { Page } from '@stromwerk/contracts/common';
import type { Permission } from '@stromwerk/contracts/permissions';
import { op } from './route-call';
import { createUser, type TestContext } from './test-app';

export type TestUser = Awaited<ReturnType<typeof createUser>>;

/**
 * Sets the permissions of a member of the corporation (or of one of its workspaces) through the API.
 * Only people who already belong to the corporation can be granted to; new people join by invitation.
 */
export async function grant(
  ctx: TestContext,
  adminToken: string,
  userId: string,
  scope: { corporationId: string } | { workspaceId: string },
  permissions: Permission[],
) {
  const input = { token: adminToken, body: { userId, permissions } };
  const res =
    'workspaceId' in scope
      ? await op(ctx.app, 'workspaces.setUserPermissions', { ...input, params: { id: scope.workspaceId } })
      : await op(ctx.app, 'corporations.setUserPermissions', {
          ...input,
          params: { id: scope.corporationId },
        });
  if (res.status !== 204) throw new Error(`grant failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * A new user holding `permissions` in the scope, as people join: the scope's admin invites them and they
 * accept with the invitation's code.
 */
export async function createMember(
  ctx: TestContext,
  adminToken: string,
  scope: { corporationId: string } | { workspaceId: string },
  permissions: Permission[],
): Promise<TestUser> {
  const user = await createUser(ctx);
  const corporationId =
    'corporationId' in scope
      ? scope.corporationId
      : (await op(ctx.app, 'workspaces.get', { token: adminToken, params: { id: scope.workspaceId } })).body
          .corporationId;
  const invited = await op(ctx.app, 'invitations.create', {
    token: adminToken,
    body: { corporationId, ...scope, email: user.user.email, permissions },
  });
  if (invited.status !== 201)
    throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const accepted = await op(ctx.app, 'invitations.respond', {
    token: user.token,
    params: { id: invited.body.id },
    body: { accept: true, code: invited.body.code },
  });
  if (accepted.status !== 200)
    throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return user;
}

/** Creates a workspace through the API and returns its id. */
export async function createWorkspace(ctx: TestContext, token: string, corporationId: string, name: string) {
  const res = await op(ctx.app, 'workspaces.create', { token, body: { corporationId, name } });
  if (res.status !== 201) throw new Error(`workspace failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export const idsOf = (page: Page<{ id: string }>) => page.items.map((i) => i.id);
