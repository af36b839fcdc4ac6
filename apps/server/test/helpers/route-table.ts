import type { ErrorCode } from '@stromwerk/contracts/errors';
import { type OperationName, operationKey, routeOf } from './route-call';

/** Resources of the tenant under attack. */
export interface Victim {
  userId: string;
  email: string;
  corporationId: string;
  workspaceId: string;
  invitationId: string;
  apiKeyId: string;
  emailVerificationId: string;
  passwordResetId: string;
}

/**
 * What a signed-in user of ANOTHER corporation gets:
 * - `hidden`: 404 NOT_FOUND, the resource is not revealed;
 * - `admin`: 403 FORBIDDEN, a platform-admin route;
 * - `own`: 2xx about the caller's own data, with none of the victim's ids or email in it;
 * - a `{ status, code }` for public routes, answered the same with or without a caller.
 */
export type Expectation = 'hidden' | 'admin' | 'own' | { status: number; code?: ErrorCode };

export interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path as routes.md and the OpenAPI document write it. */
  template: string;
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  public?: true;
  stranger: Expectation;
}

const BOGUS_TOKEN = 'x'.repeat(43);

/** Every foundation route of routes.md, aimed at the victim's resources; `attackerId` is the caller. */
export function routeTable(v: Victim, attackerId: string): RouteCase[] {
  const escalate = { userId: attackerId, permissions: ['admin'] };
  // Method, template and URL come from the route table (issue 11): a case names its operation.
  const r = (
    name: OperationName,
    params: Record<string, string> | undefined,
    stranger: Expectation,
    extra: Partial<RouteCase> = {},
  ): RouteCase => {
    const { method, url } = routeOf(name, params);
    const template = operationKey(name).slice(method.length + 1);
    return { method: method as RouteCase['method'], template, url, stranger, ...extra };
  };
  const pub = (status: number, code?: ErrorCode) => ({ status, ...(code ? { code } : {}) });
  return [
    // Users and sessions
    r('users.login', undefined, pub(401, 'INVALID_CREDENTIALS'), {
      public: true,
      body: { email: v.email, password: 'not-the-password' },
    }),
    r('users.register', undefined, pub(403, 'SIGNUP_DISABLED'), {
      public: true,
      body: { email: 'intruder@example.test', password: 'intruder-pass-1', name: 'Intruder' },
    }),
    r('users.me', undefined, 'own'),
    r('users.list', undefined, 'own'),
    r('users.get', { id: v.userId }, 'hidden'),
    r('users.update', { id: v.userId }, 'hidden', { body: { name: 'Hacked' } }),
    r('users.block', { id: v.userId }, 'admin'),
    r('users.unblock', { id: v.userId }, 'admin'),
    r('users.updateEmail', { id: v.userId }, 'hidden', {
      body: { email: 'taken-over@example.test', password: 'guessed-password' },
    }),
    r('users.updatePassword', { id: v.userId }, 'hidden', {
      body: { currentPassword: 'guessed-password', newPassword: 'new-password-1' },
    }),
    r('users.startEmailVerification', { id: v.userId }, 'hidden'),
    r('users.completeEmailVerification', undefined, pub(400, 'LINK_INVALID'), {
      public: true,
      query: { token: BOGUS_TOKEN },
    }),
    r('users.startPasswordReset', undefined, pub(204), {
      public: true,
      query: { email: 'nobody-here@example.test' },
    }),
    r('users.completePasswordReset', undefined, pub(400, 'LINK_INVALID'), {
      public: true,
      body: { token: BOGUS_TOKEN, password: 'new-password-1' },
    }),
    r('users.listEmailVerifications', undefined, 'own'),
    r('users.deleteEmailVerification', { id: v.emailVerificationId }, 'hidden'),
    r('users.listPasswordResets', undefined, 'own'),
    r('users.deletePasswordReset', { id: v.passwordResetId }, 'hidden'),
    r('users.setFeatureFlag', { id: v.userId, flag: 'media' }, 'admin', {
      query: { enabled: 'true' },
    }),
    r('users.flags', undefined, 'own'),
    r('apiKeys.create', { id: v.userId }, 'hidden', { body: { name: 'stolen' } }),
    r('apiKeys.listForUser', { id: v.userId }, 'hidden'),
    r('apiKeys.list', undefined, 'own'),
    r('apiKeys.invalidate', { id: v.apiKeyId }, 'hidden'),
    r('users.corporations', { id: v.userId }, 'hidden'),
    r('users.socials', { id: v.userId }, 'hidden'),
    // Corporations
    r('corporations.list', undefined, 'own'),
    r('corporations.create', undefined, 'own', { body: { name: 'Stranger Two' } }),
    r('corporations.get', { id: v.corporationId }, 'hidden'),
    r('corporations.update', { id: v.corporationId }, 'hidden', { body: { name: 'Hacked' } }),
    r('corporations.remove', { id: v.corporationId }, 'hidden'),
    r('corporations.block', { id: v.corporationId }, 'admin'),
    r('corporations.unblock', { id: v.corporationId }, 'admin'),
    r('corporations.hasAccess', { id: v.corporationId }, 'hidden'),
    r('corporations.setUserPermissions', { id: v.corporationId }, 'hidden', {
      body: escalate,
    }),
    r('corporations.members', { id: v.corporationId }, 'hidden'),
    r('corporations.setWorkspaceSorting', { id: v.corporationId }, 'hidden', {
      body: { workspaceIds: [v.workspaceId] },
    }),
    r('usage.quota', { id: v.corporationId }, 'hidden'),
    r('usage.updateQuota', { id: v.corporationId }, 'admin', { body: { maxWorkspaces: 999 } }),
    r('usage.ofCorporation', { id: v.corporationId }, 'hidden'),
    r('usage.lastReportOfCorporation', { id: v.corporationId }, 'hidden'),
    r('corporations.workspaces', { id: v.corporationId }, 'hidden'),
    r('corporations.invitations', { id: v.corporationId }, 'hidden'),
    // Workspaces
    r('workspaces.list', undefined, 'own'),
    r('workspaces.list', undefined, 'hidden', { query: { corporationId: v.corporationId } }),
    r('workspaces.create', undefined, 'hidden', {
      body: { corporationId: v.corporationId, name: 'Planted' },
    }),
    r('workspaces.get', { id: v.workspaceId }, 'hidden'),
    r('workspaces.update', { id: v.workspaceId }, 'hidden', { body: { name: 'Hacked' } }),
    r('workspaces.remove', { id: v.workspaceId }, 'hidden'),
    r('workspaces.hasAccess', { id: v.workspaceId }, 'hidden'),
    r('workspaces.setUserPermissions', { id: v.workspaceId }, 'hidden', {
      body: escalate,
    }),
    r('workspaces.members', { id: v.workspaceId }, 'hidden'),
    r('usage.ofWorkspace', { id: v.workspaceId }, 'hidden'),
    r('usage.lastReportOfWorkspace', { id: v.workspaceId }, 'hidden'),
    // Invitations
    r('invitations.list', undefined, 'own'),
    r('invitations.list', undefined, 'own', { query: { scope: 'sent' } }),
    r('invitations.create', undefined, 'hidden', {
      body: { corporationId: v.corporationId, email: 'friend@example.test', permissions: ['admin'] },
    }),
    r('invitations.byCode', { code: BOGUS_TOKEN }, pub(400, 'INVITATION_INVALID'), { public: true }),
    r('invitations.get', { id: v.invitationId }, 'hidden'),
    r('invitations.update', { id: v.invitationId }, 'hidden', { body: { permissions: ['admin'] } }),
    r('invitations.revoke', { id: v.invitationId }, 'hidden'),
    r('invitations.respond', { id: v.invitationId }, 'hidden', { body: { accept: true } }),
    // Usage and health
    r('usage.report', undefined, 'hidden', { body: { corporationId: v.corporationId } }),
    r('health.get', undefined, pub(200), { public: true }),
    r('health.ready', undefined, pub(200), { public: true }),
    r('health.live', undefined, pub(200), { public: true }),
  ];
}

/** The set of `METHOD template` pairs, for comparing with the OpenAPI document. */
export const routeKeys = (cases: RouteCase[]) => [...new Set(cases.map((r) => `${r.method} ${r.template}`))];
