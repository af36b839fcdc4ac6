import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited } from '../../../../scripts/lib/test-support.mjs';
import { ffmpeg, ffprobe, freePort, publishTestStream, stopAll, waitFor } from '../helpers/media';
import { waitProgramInput } from '../helpers/program-input';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * A second HLS client besides hls.js (issue 30 item 2): ffmpeg's HLS demuxer reads a live low-latency
 * program through the viewer's signed path prefix (relative addresses, playlist reloads, gzip it may ask
 * for) and finds nothing to complain about.
 */
const READ_SECONDS = 12;
let ctx: TestContext;
let base: string;
let rtmpPort: number;
beforeAll(async () => {
  rtmpPort = await freePort();
  ctx = await createTestApp(
    { RTMP_PORT: String(rtmpPort), SRT_PORT: String(await freePort()) },
    { live: true },
  );
  const port = await freePort();
  await ctx.app.listen({ port, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port}`;
}, 60_000);
afterAll(async () => {
  await stopAll();
  await ctx.close();
});

describe('a second HLS client', () => {
  it(`ffmpeg reads the live LL-HLS playlist for ${READ_SECONDS} s with no error`, async () => {
    const as = { token: ctx.owner.token };
    const src = await op(ctx.app, 'sources.create', {
      ...as,
      body: { workspaceId: ctx.owner.workspaceId, name: 'Second client cam', type: 'rtmp' },
    });
    const { streamKey } = (await op(ctx.app, 'sources.streamKey', { ...as, params: { id: src.body.id } }))
      .body;
    const out = await op(ctx.app, 'outputs.create', {
      ...as,
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Second client',
        mainSourceId: src.body.id,
        latency: 'low',
      },
    });
    const id = out.body.id;
    publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, { seconds: READ_SECONDS + 30 });
    await waitProgramInput(ctx, id);
    const session = (await op(ctx.app, 'play.session', { params: { id }, body: {} })).body;
    await waitFor(
      'two segments of the live program',
      async () => {
        if (!session.hlsUrl) return undefined;
        const text = (await ctx.app.inject({ url: session.hlsUrl })).body;
        return (text.match(/^seg_/gm)?.length ?? 0) >= 2 ? true : undefined;
      },
      40_000,
    );
    const file = join(ctx.dataDir, 'second-client.ts');
    const reader = ffmpeg([
      '-i',
      `${base}${session.hlsUrl}`,
      '-t',
      String(READ_SECONDS),
      '-c',
      'copy',
      '-y',
      file,
    ]);
    // It starts a few segments behind live and then follows the playlist in real time.
    const code = await exited(reader, (READ_SECONDS + 20) * 1000);
    expect({ code, errors: reader.log() }).toEqual({ code: 0, errors: '' });
    const probe = await ffprobe(file);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Number(probe.format.duration)).toBeGreaterThan(READ_SECONDS - 1);
  }, 90_000);
});
