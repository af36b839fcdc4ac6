import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeOf } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * A client that goes away mid-request (a closed tab during an upload, a player skipping) is not a server
 * failure: nothing is logged as an error, nothing is written to the dead socket, the server answers on.
 */
describe('aborted requests', () => {
  let ctx: TestContext;
  let port: number;
  const lines: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    ctx = await createTestApp({}, { logger: { level: 'info', stream } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('a body cut off by the client is logged as ended, not as a failure', async () => {
    const { method, url } = routeOf('users.login');
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `${method} ${url} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"a@b.test","pass`,
    );
    await new Promise((r) => setTimeout(r, 200));
    socket.destroy();
    await expect
      .poll(() => lines.some((l) => l.msg === 'request ended before its answer'), { timeout: 5000 })
      .toBe(true);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    const health = await fetch(`http://127.0.0.1:${port}${routeOf('health.get').url}`);
    expect(health.status).toBe(200);
  });
});
