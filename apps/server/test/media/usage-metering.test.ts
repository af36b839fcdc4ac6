import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, publishTestStream, stop, stopAll, waitFor } from '../helpers/media';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let rtmpPort: number;
beforeAll(async () => {
  rtmpPort = await freePort();
  ctx = await createTestApp(
    { RTMP_PORT: String(rtmpPort), SRT_PORT: String(await freePort()) },
    { live: true },
  );
}, 60_000);
afterAll(async () => {
  await stopAll();
  await ctx.close();
});

const as = () => ({ token: ctx.owner.token });
const pub = { headers: { origin: 'http://stromwerk.test' } };

describe('usage metering of a real HLS viewer', () => {
  it('a viewer session makes viewer-seconds, viewer sessions, egress and ingest time grow by what was served', async () => {
    const src = await op(ctx.app, 'sources.create', {
      ...as(),
      body: { workspaceId: ctx.owner.workspaceId, name: 'Metered cam', type: 'rtmp' },
    });
    const key = (await op(ctx.app, 'sources.streamKey', { ...as(), params: { id: src.body.id } })).body
      .streamKey;
    const out = await op(ctx.app, 'outputs.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Metered player',
        mainSourceId: src.body.id,
        latency: 'low',
      } as never,
    });
    const id = out.body.id;
    const encoder = publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${key}`, { seconds: 40 });
    await waitFor(
      'the program on the main source',
      async () =>
        (await op(ctx.app, 'outputs.get', { ...as(), params: { id } })).body.input === 'main'
          ? true
          : undefined,
      30_000,
    );

    // The player: a session, the playlist, every segment it names, and the playlist again 3 s later.
    let served = 0;
    const get = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: pub.headers });
      if (res.statusCode === 200) served += res.rawPayload.length;
      return res;
    };
    const before = Date.now();
    const session = (await op(ctx.app, 'play.session', { ...pub, params: { id }, body: {} })).body;
    const afterSession = Date.now();
    const text = await waitFor('segments in the playlist', async () => {
      const res = await get(session.hlsUrl!);
      return res.statusCode === 200 && /\nseg_\d+\.m4s\n/.test(res.body) ? res.body : undefined;
    });
    const segments = text.split('\n').filter((l) => l && !l.startsWith('#'));
    for (const file of segments)
      expect((await get(session.hlsUrl!.replace(/index\.m3u8$/, file))).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 3000));
    const lastStart = Date.now();
    expect((await get(session.hlsUrl!)).statusCode).toBe(200);
    const after = Date.now();
    await stop(encoder);
    // Ingest time is added every 5 s and when the source goes offline: read until it is written.
    const hour = 3_600_000;
    const query = {
      from: new Date(Math.floor(before / hour) * hour).toISOString(),
      to: new Date(Math.ceil((after + 1) / hour) * hour).toISOString(),
      interval: 'hour',
    };
    const totals = await waitFor(
      'ingest time written',
      async () => {
        await ctx.app.services.usage.meter.flush();
        const series = await op(ctx.app, 'usage.seriesOfWorkspace', {
          ...as(),
          params: { id: ctx.owner.workspaceId },
          query,
        } as never);
        expect(series.status).toBe(200);
        return (series.body.totals.ingest_seconds ?? 0) > 0 ? series.body.totals : undefined;
      },
      15_000,
    );
    // Watch time runs from the session to the last playlist request; whole seconds are written.
    expect(totals.viewer_seconds).toBeGreaterThanOrEqual(Math.floor((lastStart - afterSession) / 1000) - 1);
    expect(totals.viewer_seconds).toBeLessThanOrEqual(Math.ceil((after - before) / 1000));
    expect(totals.unique_viewers).toBe(1);
    expect(totals.peak_viewers).toBe(1);
    // Every byte of playlist and segments served, and nothing else.
    expect(segments.length).toBeGreaterThan(0);
    expect(totals.egress_bytes).toBe(served);
    expect(totals.ingest_seconds).toBeGreaterThan(0);
  }, 60_000);
});
