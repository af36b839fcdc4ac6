import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { tcpBalancer } from '../lib/test-chaos.mjs';
import { freePort, waitFor } from '../lib/test-support.mjs';

// The shared test support (scripts/lib/test-support.mjs, test-chaos.mjs) on plain TCP: no ffmpeg here,
// so it runs with the unit tests; the reconnecting encoder is tested in test-chaos.media.test.ts.

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A TCP server that answers every chunk with `name:chunk`, so a reply says who served it. */
async function echo(name: string) {
  const sockets = new Set<Socket>();
  const server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('data', (d) => s.write(`${name}:${d}`));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  const { port } = server.address() as { port: number };
  return {
    backend: { host: '127.0.0.1', port },
    /** Stops listening and drops its connections: from now on it refuses. */
    kill: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(r));
    },
  };
}

/** One connection through `port`: what the far end answered to `hello`, or 'closed'. */
function ask(port: number) {
  return new Promise<string>((resolve) => {
    const s = connect(port, '127.0.0.1', () => s.write('hello'));
    s.once('data', (d) => {
      resolve(d.toString());
      s.destroy();
    });
    s.once('error', () => resolve('closed'));
    s.once('close', () => resolve('closed'));
  });
}

describe('tcpBalancer', () => {
  it('hands connections round robin, skipping a backend that refuses', async () => {
    const [a, c] = [await echo('a'), await echo('c')];
    const dead = { host: '127.0.0.1', port: await freePort() };
    const balancer = await tcpBalancer([a.backend, dead, c.backend]);
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await ask(balancer.port));
      expect(answers).toEqual(['a:hello', 'c:hello', 'a:hello', 'c:hello']);
      expect(balancer.served).toEqual([2, 0, 2]);

      await a.kill();
      expect([await ask(balancer.port), await ask(balancer.port)]).toEqual(['c:hello', 'c:hello']);
      await c.kill();
      expect(await ask(balancer.port)).toBe('closed');
    } finally {
      await balancer.close();
    }
  });

  it('close() drops the connections going through it', async () => {
    const a = await echo('a');
    const balancer = await tcpBalancer([a.backend]);
    const s = connect(balancer.port, '127.0.0.1');
    s.on('error', () => {});
    const closed = new Promise((r) => s.once('close', r));
    await waitFor('a connection through', () => balancer.served[0] === 1, 5000, 20);
    await balancer.close();
    await closed;
    expect(s.destroyed).toBe(true);
  });
});

describe('waitFor', () => {
  it('returns what the check found', async () => {
    let n = 0;
    expect(await waitFor('three', () => (++n === 3 ? `n=${n}` : undefined), 5000, 1)).toBe('n=3');
  });

  it('says on time-out what it saw last: the last error and the last note', async () => {
    let n = 0;
    const waiting = waitFor(
      'the impossible',
      (note) => {
        n++;
        note({ n });
        if (n === 1) throw new Error('first try failed');
        return false;
      },
      30,
      5,
    );
    await expect(waiting).rejects.toThrow(
      /timed out after 30 ms waiting for the impossible; last error: first try failed; last seen: \{"n":\d+\}/,
    );
  });
});
