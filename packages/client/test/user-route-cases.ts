import type { StromwerkClient } from '../src/create-client';

/** A route call and what the server must see: `METHOD /path?query`, and the JSON body if any. */
export type RouteCase = [
  name: string,
  call: (c: StromwerkClient) => Promise<unknown>,
  expected: string,
  body?: unknown,
];

// Users, sessions, verification and reset flows, flags and API keys are made from their route tables:
// table-api.test.ts checks each method, path and body. What stays here is what it does not send: queries.
export const userRouteCases: RouteCase[] = [
  ['users.list', (c) => c.users.list({ query: { limit: 5, search: 'x' } }), 'GET /v1/users?limit=5&search=x'],
  [
    'users.completeEmailVerification',
    (c) => c.users.completeEmailVerification({ query: { token: 'tok' } }),
    'PUT /v1/users/verify-email/complete?token=tok',
  ],
  [
    'users.startPasswordReset',
    (c) => c.users.startPasswordReset({ query: { email: 'a@b.c' } }),
    'PUT /v1/users/reset-password/start?email=a%40b.c',
  ],
  [
    'users.setFeatureFlag',
    (c) => c.users.setFeatureFlag({ params: { id: 'u1', flag: 'api-keys' }, query: { enabled: false } }),
    'PUT /v1/users/u1/feature-flag/api-keys?enabled=false',
  ],
  [
    'users.socials',
    (c) => c.users.socials({ params: { id: 'u1' }, query: { offset: 50 } }),
    'GET /v1/users/u1/socials?offset=50',
  ],
];
