import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type StromwerkClient } from '../src/create-client';
import { otherRouteCases } from './other-route-cases';
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

// Every hand-written client function, as the server sees it: method, path and query, JSON body. The
// functions made from a route table are covered by table-api.test.ts.
const cases = [...userRouteCases, ...otherRouteCases];

describe('resource functions', () => {
  it.each(cases)('%s calls %s', async (_name, call, expected, body) => {
    await call(client);
    expect(server.received).toHaveLength(1);
    const req = server.received[0]!;
    expect(`${req.method} ${req.url}`).toBe(expected);
    if (body === undefined) expect(req.body.length).toBe(0);
    else expect(JSON.parse(req.body.toString('utf8'))).toEqual(body);
  });

  it('covers every function the client exposes', () => {
    // Resources made from a route table are covered by table-api.test.ts; only the broker is hand-written.
    const groups = ['broker'] as const;
    const exposed = groups.flatMap((group) => Object.keys(client[group]).map((fn) => `${group}.${fn}`));
    const handWritten = cases.map(([name]) => name).filter((name) => !name.startsWith('users.'));
    expect(exposed.sort()).toEqual(handWritten.sort());
  });
});
