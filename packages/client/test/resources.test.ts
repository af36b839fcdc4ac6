import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type StromwerkClient } from '../src/create-client';
import { startServer, type TestServer } from './test-server';
import { userRouteCases } from './user-route-cases';

let server: TestServer;
let client: StromwerkClient;
beforeAll(async () => {
  server = await startServer();
  client = createClient({ baseUrl: server.url });
});
beforeEach(() => {
  server.received.length = 0;
});
afterAll(() => server.close());

// Query strings as the server sees them (spec section 7 encoding); method and path of every function
// are covered by table-api.test.ts, which is generated from the route table.
const cases = userRouteCases;

describe('resource functions', () => {
  it.each(cases)('%s calls %s', async (_name, call, expected, body) => {
    await call(client);
    expect(server.received).toHaveLength(1);
    const req = server.received[0]!;
    expect(`${req.method} ${req.url}`).toBe(expected);
    if (body === undefined) expect(req.body.length).toBe(0);
    else expect(JSON.parse(req.body.toString('utf8'))).toEqual(body);
  });
});
