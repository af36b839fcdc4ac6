import type { RouteCase } from './user-route-cases';

// Hand-written functions outside user-route-cases; table-made ones are covered by table-api.test.ts.
export const otherRouteCases: RouteCase[] = [
  [
    'users.login',
    (c) => c.users.login({ email: 'a@b.c', password: 'p' }),
    'POST /v1/login',
    { email: 'a@b.c', password: 'p' },
  ],
  [
    'users.register',
    (c) => c.users.register({ email: 'a@b.c', password: 'p', name: 'A' }),
    'POST /v1/users',
    { email: 'a@b.c', password: 'p', name: 'A' },
  ],
  ['health.get', (c) => c.health.get(), 'GET /v1/health'],
  ['broker.credentials', (c) => c.broker.credentials(), 'GET /v1/broker/credentials'],
];
