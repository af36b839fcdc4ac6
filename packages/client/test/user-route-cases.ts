import type { StromwerkClient } from '../src/create-client';

/** A route call and what the server must see: `METHOD /path?query`, and the JSON body if any. */
export type RouteCase = [
  name: string,
  call: (c: StromwerkClient) => Promise<unknown>,
  expected: string,
  body?: unknown,
];

// Users, sessions, verification and reset flows, flags, API keys.
export const userRouteCases: RouteCase[] = [
  ['users.me', (c) => c.users.me(), 'GET /v1/me'],
  ['users.logout', (c) => c.users.logout(), 'POST /v1/logout'],
  ['users.sessions', (c) => c.users.sessions(), 'GET /v1/sessions'],
  ['users.endSession', (c) => c.users.endSession('s1'), 'DELETE /v1/sessions/s1'],
  [
    'users.logoutAll',
    (c) => c.users.logoutAll({ keepCurrent: true }),
    'POST /v1/sessions/logout-all',
    { keepCurrent: true },
  ],
  ['users.list', (c) => c.users.list({ limit: 5, search: 'x' }), 'GET /v1/users?limit=5&search=x'],
  ['users.get', (c) => c.users.get('u/1'), 'GET /v1/users/u%2F1'],
  ['users.update', (c) => c.users.update('u1', { name: 'N' }), 'PUT /v1/users/u1', { name: 'N' }],
  ['users.block', (c) => c.users.block('u1'), 'PUT /v1/users/u1/block'],
  ['users.unblock', (c) => c.users.unblock('u1'), 'PUT /v1/users/u1/unblock'],
  [
    'users.updateEmail',
    (c) => c.users.updateEmail('u1', { email: 'n@b.c', password: 'p' }),
    'PUT /v1/users/u1/update-email',
    { email: 'n@b.c', password: 'p' },
  ],
  [
    'users.updatePassword',
    (c) => c.users.updatePassword('u1', { currentPassword: 'a', newPassword: 'b' }),
    'PUT /v1/users/u1/update-password',
    { currentPassword: 'a', newPassword: 'b' },
  ],
  [
    'users.startEmailVerification',
    (c) => c.users.startEmailVerification('u1'),
    'PUT /v1/users/u1/verify-email/start',
  ],
  [
    'users.completeEmailVerification',
    (c) => c.users.completeEmailVerification('tok'),
    'PUT /v1/users/verify-email/complete?token=tok',
  ],
  [
    'users.startPasswordReset',
    (c) => c.users.startPasswordReset('a@b.c'),
    'PUT /v1/users/reset-password/start?email=a%40b.c',
  ],
  [
    'users.completePasswordReset',
    (c) => c.users.completePasswordReset({ token: 't', password: 'p' }),
    'PUT /v1/users/reset-password/complete',
    { token: 't', password: 'p' },
  ],
  ['users.listEmailVerifications', (c) => c.users.listEmailVerifications(), 'GET /v1/email-verifications'],
  [
    'users.deleteEmailVerification',
    (c) => c.users.deleteEmailVerification('e1'),
    'DELETE /v1/email-verifications/e1',
  ],
  ['users.listPasswordResets', (c) => c.users.listPasswordResets(), 'GET /v1/password-resets'],
  ['users.deletePasswordReset', (c) => c.users.deletePasswordReset('r1'), 'DELETE /v1/password-resets/r1'],
  [
    'users.setFeatureFlag',
    (c) => c.users.setFeatureFlag('u1', 'api-keys', false),
    'PUT /v1/users/u1/feature-flag/api-keys?enabled=false',
  ],
  ['users.flags', (c) => c.users.flags(), 'GET /v1/user-flags'],
  ['users.corporations', (c) => c.users.corporations('u1'), 'GET /v1/users/u1/corporations'],
  ['users.socials', (c) => c.users.socials('u1', { offset: 50 }), 'GET /v1/users/u1/socials?offset=50'],
  [
    'apiKeys.create',
    (c) => c.apiKeys.create('u1', { name: 'ci' }),
    'POST /v1/users/u1/api-keys',
    { name: 'ci' },
  ],
  ['apiKeys.listForUser', (c) => c.apiKeys.listForUser('u1'), 'GET /v1/users/u1/api-keys'],
  ['apiKeys.list', (c) => c.apiKeys.list(), 'GET /v1/api-keys'],
  ['apiKeys.invalidate', (c) => c.apiKeys.invalidate('k1'), 'PUT /v1/api-keys/k1/invalidate'],
];
