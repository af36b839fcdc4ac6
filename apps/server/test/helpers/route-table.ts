import type { ErrorCode } from '@stromwerk/contracts/errors';

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
  const u = `/v1/users/${v.userId}`;
  const c = `/v1/corporations/${v.corporationId}`;
  const w = `/v1/workspaces/${v.workspaceId}`;
  const i = `/v1/invitations/${v.invitationId}`;
  const escalate = { userId: attackerId, permissions: ['admin'] };
  const r = (
    method: RouteCase['method'],
    template: string,
    url: string,
    stranger: Expectation,
    extra: Partial<RouteCase> = {},
  ): RouteCase => ({ method, template, url, stranger, ...extra });
  const pub = (status: number, code?: ErrorCode) => ({ status, ...(code ? { code } : {}) });
  return [
    // Users and sessions
    r('POST', '/v1/login', '/v1/login', pub(401, 'INVALID_CREDENTIALS'), {
      public: true,
      body: { email: v.email, password: 'not-the-password' },
    }),
    r('POST', '/v1/users', '/v1/users', pub(403, 'SIGNUP_DISABLED'), {
      public: true,
      body: { email: 'intruder@example.test', password: 'intruder-pass-1', name: 'Intruder' },
    }),
    r('GET', '/v1/me', '/v1/me', 'own'),
    r('GET', '/v1/users', '/v1/users', 'own'),
    r('GET', '/v1/users/{id}', u, 'hidden'),
    r('PUT', '/v1/users/{id}', u, 'hidden', { body: { name: 'Hacked' } }),
    r('PUT', '/v1/users/{id}/block', `${u}/block`, 'admin'),
    r('PUT', '/v1/users/{id}/unblock', `${u}/unblock`, 'admin'),
    r('PUT', '/v1/users/{id}/update-email', `${u}/update-email`, 'hidden', {
      body: { email: 'taken-over@example.test', password: 'guessed-password' },
    }),
    r('PUT', '/v1/users/{id}/update-password', `${u}/update-password`, 'hidden', {
      body: { currentPassword: 'guessed-password', newPassword: 'new-password-1' },
    }),
    r('PUT', '/v1/users/{id}/verify-email/start', `${u}/verify-email/start`, 'hidden'),
    r('PUT', '/v1/users/verify-email/complete', '/v1/users/verify-email/complete', pub(400, 'LINK_INVALID'), {
      public: true,
      query: { token: BOGUS_TOKEN },
    }),
    r('PUT', '/v1/users/reset-password/start', '/v1/users/reset-password/start', pub(204), {
      public: true,
      query: { email: 'nobody-here@example.test' },
    }),
    r(
      'PUT',
      '/v1/users/reset-password/complete',
      '/v1/users/reset-password/complete',
      pub(400, 'LINK_INVALID'),
      { public: true, body: { token: BOGUS_TOKEN, password: 'new-password-1' } },
    ),
    r('GET', '/v1/email-verifications', '/v1/email-verifications', 'own'),
    r('DELETE', '/v1/email-verifications/{id}', `/v1/email-verifications/${v.emailVerificationId}`, 'hidden'),
    r('GET', '/v1/password-resets', '/v1/password-resets', 'own'),
    r('DELETE', '/v1/password-resets/{id}', `/v1/password-resets/${v.passwordResetId}`, 'hidden'),
    r('PUT', '/v1/users/{id}/feature-flag/{flag}', `${u}/feature-flag/media`, 'admin', {
      query: { enabled: 'true' },
    }),
    r('GET', '/v1/user-flags', '/v1/user-flags', 'own'),
    r('POST', '/v1/users/{id}/api-keys', `${u}/api-keys`, 'hidden', { body: { name: 'stolen' } }),
    r('GET', '/v1/users/{id}/api-keys', `${u}/api-keys`, 'hidden'),
    r('GET', '/v1/api-keys', '/v1/api-keys', 'own'),
    r('PUT', '/v1/api-keys/{id}/invalidate', `/v1/api-keys/${v.apiKeyId}/invalidate`, 'hidden'),
    r('GET', '/v1/users/{id}/corporations', `${u}/corporations`, 'hidden'),
    r('GET', '/v1/users/{id}/socials', `${u}/socials`, 'hidden'),
    // Corporations
    r('GET', '/v1/corporations', '/v1/corporations', 'own'),
    r('POST', '/v1/corporations', '/v1/corporations', 'own', { body: { name: 'Stranger Two' } }),
    r('GET', '/v1/corporations/{id}', c, 'hidden'),
    r('PUT', '/v1/corporations/{id}', c, 'hidden', { body: { name: 'Hacked' } }),
    r('DELETE', '/v1/corporation/{id}', `/v1/corporation/${v.corporationId}`, 'hidden'),
    r('PUT', '/v1/corporations/{id}/block', `${c}/block`, 'admin'),
    r('PUT', '/v1/corporations/{id}/unblock', `${c}/unblock`, 'admin'),
    r('GET', '/v1/corporations/{id}/has-access', `${c}/has-access`, 'hidden'),
    r('PUT', '/v1/corporations/{id}/set-user-permissions', `${c}/set-user-permissions`, 'hidden', {
      body: escalate,
    }),
    r('GET', '/v1/corporations/{id}/members', `${c}/members`, 'hidden'),
    r('PUT', '/v1/corporations/{id}/set-workspace-sorting', `${c}/set-workspace-sorting`, 'hidden', {
      body: { workspaceIds: [v.workspaceId] },
    }),
    r('GET', '/v1/corporations/{id}/quota', `${c}/quota`, 'hidden'),
    r('PUT', '/v1/corporations/{id}/quota', `${c}/quota`, 'admin', { body: { maxWorkspaces: 999 } }),
    r('GET', '/v1/corporations/{id}/usage', `${c}/usage`, 'hidden'),
    r('GET', '/v1/corporations/{id}/usage/lastReport', `${c}/usage/lastReport`, 'hidden'),
    r('GET', '/v1/corporations/{id}/workspaces', `${c}/workspaces`, 'hidden'),
    r('GET', '/v1/corporations/{id}/invitations', `${c}/invitations`, 'hidden'),
    // Workspaces
    r('GET', '/v1/workspaces', '/v1/workspaces', 'own'),
    r('GET', '/v1/workspaces', '/v1/workspaces', 'hidden', { query: { corporationId: v.corporationId } }),
    r('POST', '/v1/workspaces', '/v1/workspaces', 'hidden', {
      body: { corporationId: v.corporationId, name: 'Planted' },
    }),
    r('GET', '/v1/workspaces/{id}', w, 'hidden'),
    r('PUT', '/v1/workspaces/{id}', w, 'hidden', { body: { name: 'Hacked' } }),
    r('DELETE', '/v1/workspaces/{id}', w, 'hidden'),
    r('GET', '/v1/workspaces/{id}/has-access', `${w}/has-access`, 'hidden'),
    r('PUT', '/v1/workspaces/{id}/set-user-permissions', `${w}/set-user-permissions`, 'hidden', {
      body: escalate,
    }),
    r('GET', '/v1/workspaces/{id}/members', `${w}/members`, 'hidden'),
    r('GET', '/v1/workspaces/{id}/usage', `${w}/usage`, 'hidden'),
    r('GET', '/v1/workspaces/{id}/usage/lastReport', `${w}/usage/lastReport`, 'hidden'),
    // Invitations
    r('GET', '/v1/invitations', '/v1/invitations', 'own'),
    r('GET', '/v1/invitations', '/v1/invitations', 'own', { query: { scope: 'sent' } }),
    r('POST', '/v1/invitations', '/v1/invitations', 'hidden', {
      body: { corporationId: v.corporationId, email: 'friend@example.test', permissions: ['admin'] },
    }),
    r(
      'GET',
      '/v1/invitations/by-code/{code}',
      `/v1/invitations/by-code/${BOGUS_TOKEN}`,
      pub(400, 'INVITATION_INVALID'),
      { public: true },
    ),
    r('GET', '/v1/invitations/{id}', i, 'hidden'),
    r('PUT', '/v1/invitations/{id}', i, 'hidden', { body: { permissions: ['admin'] } }),
    r('DELETE', '/v1/invitations/{id}', i, 'hidden'),
    r('PUT', '/v1/invitations/{id}/respond', `${i}/respond`, 'hidden', { body: { accept: true } }),
    // Usage and health
    r('POST', '/v1/usage', '/v1/usage', 'hidden', { body: { corporationId: v.corporationId } }),
    r('GET', '/v1/health', '/v1/health', pub(200), { public: true }),
  ];
}

/** The set of `METHOD template` pairs, for comparing with the OpenAPI document. */
export const routeKeys = (cases: RouteCase[]) => [...new Set(cases.map((r) => `${r.method} ${r.template}`))];
