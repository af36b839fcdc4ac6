import type { RouteCase } from './user-route-cases';

// The one hand-written resource left (the broker's routes have no table yet); table-made functions are
// covered by table-api.test.ts.
export const otherRouteCases: RouteCase[] = [
  ['broker.credentials', (c) => c.broker.credentials(), 'GET /v1/broker/credentials'],
];
