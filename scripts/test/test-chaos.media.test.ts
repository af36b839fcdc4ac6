import { afterEach, describe, expect, it } from 'vitest';
import { publishReconnecting, tcpBalancer } from '../lib/test-chaos.mjs';
import { ffmpeg, freePort, listening, stop, stopAll, waitFor } from '../lib/test-support.mjs';

// The reconnecting encoder against real ffmpeg RTMP receivers (`-listen 1`: one publisher, then gone),
// which these tests kill and start again as a chaos test kills ingests.

const SMALL = { size: '160x90', rate: 10 };
const encoders: ReturnType<typeof publishReconnecting>[] = [];
afterEach(async () => {
  await Promise.all(encoders.splice(0).map((e) => e.stop(0)));
  await stopAll(0);
});

const receiver = (port: number) =>
  ffmpeg([
    '-listen',
    '1',
    '-f',
    'flv',
    '-i',
    `rtmp://127.0.0.1:${port}/live/x`,
    '-c',
    'copy',
    '-f',
    'null',
    '-',
  ]);
const url = (port: number) => `rtmp://127.0.0.1:${port}/live/x`;
const reconnecting = (...args: Parameters<typeof publishReconnecting>) => {
  const encoder = publishReconnecting(...args);
  encoders.push(encoder);
  return encoder;
};
/** The first attempt after attempt `after` (-1: any) that connected, once there is one. */
const connectedAfter = (e: ReturnType<typeof publishReconnecting>, after: number) =>
  waitFor(
    `an attempt after ${after} connected`,
    (note) => {
      note(e.connections.map((c) => ({ url: c.url, connected: !!c.connectedAt, ended: !!c.endedAt })));
      return e.connections.slice(after + 1).find((c) => c.connectedAt);
    },
    20_000,
    50,
  );

describe('publishReconnecting', () => {
  it('retries until an ingest listens, reconnects a second after it died, and stops for good', async () => {
    const port = await freePort();
    const encoder = reconnecting(url(port), SMALL);
    // Nobody listens yet: attempts end unconnected, one after another.
    const refused = await waitFor('a refused attempt', () =>
      encoder.connections.find((c) => c.endedAt !== undefined),
    );
    expect(refused.connectedAt).toBeUndefined();
    let ingest = receiver(port);
    const first = await connectedAfter(encoder, -1);
    const n = encoder.connections.indexOf(first);
    expect(first.startedAt).toBeLessThanOrEqual(first.connectedAt!);

    await stop(ingest, 0);
    await waitFor('the connection ended', () => first.endedAt !== undefined, 20_000, 50);
    ingest = receiver(port);
    const again = await connectedAfter(encoder, n);
    // Like OBS it waits before trying again (a lower bound: it holds on a loaded machine too).
    expect(again.startedAt - first.endedAt!).toBeGreaterThanOrEqual(950);
    expect(encoder.current).toBe(again);

    await encoder.stop();
    expect(again.endedAt).toBeDefined();
    expect(encoder.current).toBeUndefined();
    const attempts = encoder.connections.length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(encoder.connections).toHaveLength(attempts);
  });

  it('goes round the list of URLs, one attempt each', async () => {
    const [p1, p2] = [await freePort(), await freePort()];
    const r1 = receiver(p1);
    receiver(p2);
    await Promise.all([listening(p1), listening(p2)]);
    const encoder = reconnecting([url(p1), url(p2)], SMALL);
    const first = await connectedAfter(encoder, -1);
    expect(first.url).toBe(url(p1));
    await stop(r1, 0);
    const second = await connectedAfter(encoder, 0);
    expect(encoder.connections.map((c) => c.url)).toEqual([url(p1), url(p2)]);
    expect(second.url).toBe(url(p2));
  });

  it('through tcpBalancer: an ingest killed, the encoder comes back through the other', async () => {
    const [p1, p2] = [await freePort(), await freePort()];
    const receivers = [receiver(p1), receiver(p2)];
    await Promise.all([listening(p1), listening(p2)]);
    const balancer = await tcpBalancer([
      { host: '127.0.0.1', port: p1 },
      { host: '127.0.0.1', port: p2 },
    ]);
    try {
      const encoder = reconnecting(url(balancer.port), SMALL);
      const first = await connectedAfter(encoder, -1);
      const servedBy = balancer.served.findIndex((n) => n > 0);
      await stop(receivers[servedBy], 0);
      await connectedAfter(encoder, encoder.connections.indexOf(first));
      expect(balancer.served[1 - servedBy]).toBe(1);
    } finally {
      await balancer.close();
    }
  });
});
