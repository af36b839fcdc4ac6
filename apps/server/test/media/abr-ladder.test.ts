import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited } from '../../../../scripts/lib/test-support.mjs';
import { ffmpeg, ffprobe, freePort, publishTestStream, stop, stopAll, waitFor } from '../helpers/media';
import { waitProgramInput } from '../helpers/program-input';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * A player with a quality ladder (issue 34), real ffmpeg end to end: an RTMP publish of 854x480, the
 * ladder "source, 360p, 240p" in normal latency. The session hands out the multivariant playlist; every
 * rung's playlist and segments come through the signed prefix; each rung has its size, the same segment
 * boundaries and a keyframe at the same timestamp at each segment's start; and ffmpeg reads every rung at
 * once for READ_SECONDS with no error (the second client of the issue). When the publisher stops, the
 * recording becomes the VOD, which offers the same rungs through the same addresses once they are encoded.
 */
const READ_SECONDS = Number(process.env.ABR_READ_SECONDS ?? 60);
const run = promisify(execFile);
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

const segmentsOf = (playlist: string) =>
  [...playlist.matchAll(/#EXTINF:([\d.]+),[^\n]*\n(?:#[^\n]*\n)*(seg_(\d+)\.ts)/g)].map((m) => ({
    seconds: Number(m[1]),
    file: m[2]!,
    n: Number(m[3]),
  }));

/** The first video packet of a segment: its PTS and whether it is a keyframe. */
async function firstVideoPacket(file: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-read_intervals', '%+#1'],
    ...['-show_entries', 'packet=pts,flags', '-of', 'csv=p=0', file],
  ]);
  const [pts, flags] = stdout.trim().split('\n')[0]!.split(',');
  return { pts: Number(pts), key: flags!.startsWith('K') };
}

describe('a player with a quality ladder', () => {
  it('serves every rung with aligned segments, ffmpeg reads them all, and the VOD after keeps them', async () => {
    const as = { token: ctx.owner.token };
    const src = await op(ctx.app, 'sources.create', {
      ...as,
      body: { workspaceId: ctx.owner.workspaceId, name: 'Ladder cam', type: 'rtmp' },
    });
    const { streamKey } = (await op(ctx.app, 'sources.streamKey', { ...as, params: { id: src.body.id } }))
      .body;
    const out = await op(ctx.app, 'outputs.create', {
      ...as,
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Ladder',
        mainSourceId: src.body.id,
        latency: 'normal',
        ladder: ['240p', 'source', '360p'],
        recording: true,
        vodAfterStream: true,
      },
    });
    expect(out.status).toBe(201);
    expect(out.body.ladder).toEqual(['240p', 'source', '360p']);
    const id = out.body.id;
    const encoder = publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, {
      seconds: READ_SECONDS + 60,
      size: '854x480',
    });
    await waitProgramInput(ctx, id);
    const session = (await op(ctx.app, 'play.session', { params: { id }, body: {} })).body;
    expect(session.hlsUrl).toMatch(/\/t\/[^/]+\/master\.m3u8$/);
    const prefix = session.hlsUrl!.replace(/master\.m3u8$/, '');
    const get = (path: string) => ctx.app.inject({ url: `${prefix}${path}` });

    const master = (await get('master.m3u8')).body;
    const variants = master.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(variants).toEqual(['index.m3u8', 'r1/index.m3u8', 'r2/index.m3u8']);

    // Once the source's first segments are there, its bitrate is measured and its size probed: every
    // rung then states its size (hls.js orders the rungs by it).
    const measured = await waitFor(
      'the source measured in the multivariant playlist',
      async () => {
        const text = (await get('master.m3u8')).body;
        return text.includes('RESOLUTION=854x480') ? text : undefined;
      },
      30_000,
    );
    const sizes = [...measured.matchAll(/RESOLUTION=(\d+x\d+)/g)].map((m) => m[1]);
    expect(sizes).toEqual(['854x480', '640x360', '426x240']);
    const sourceBandwidth = Number(/BANDWIDTH=(\d+)/.exec(measured)![1]);
    // The test encoder's 480p is far below the 6 Mbit/s a source is assumed to be before it is measured.
    expect(sourceBandwidth).toBeLessThan(5_000_000);
    // Three whole segments in every rung, read after the measurement (segments read before it may have
    // left the window, and the disk: delete_segments).
    const lists = await waitFor(
      'three segments in every rung',
      async () => {
        const texts = await Promise.all(variants.map(async (v) => (await get(v)).body));
        return texts.every((t) => segmentsOf(t).length >= 3) ? texts : undefined;
      },
      40_000,
    );
    const perRung = lists.map(segmentsOf);
    const common = perRung[0]!
      .map((s) => s.n)
      .filter((n) => perRung.every((segs) => segs.some((s) => s.n === n)))
      // The newest: the furthest from leaving the playlist while they are fetched.
      .slice(-3);
    expect(common.length).toBeGreaterThanOrEqual(2);
    const heights = [480, 360, 240];
    // Every segment is downloaded first, then probed: probing one after another took longer than the
    // 12 s window on a busy machine, and the later segments had left it (and the disk) when asked for.
    const files = await Promise.all(
      common.flatMap((n) =>
        variants.map(async (v, i) => {
          const res = await get(`${v.replace(/index\.m3u8$/, '')}seg_${n}.ts`);
          expect(res.statusCode, `${v} seg_${n}`).toBe(200);
          const file = join(ctx.dataDir, `abr-${i}-${n}.ts`);
          await writeFile(file, res.rawPayload);
          return { n, i, file };
        }),
      ),
    );
    for (const n of common) {
      const starts = [];
      for (const { i, file } of files.filter((f) => f.n === n)) {
        const probe = await ffprobe(file);
        expect(probe.streams.find((s) => s.codec_type === 'video')?.height).toBe(heights[i]);
        expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
        starts.push(await firstVideoPacket(file));
      }
      // Every rung's segment starts with a keyframe, at the same timestamp: a switch is seamless.
      expect(starts.every((s) => s.key)).toBe(true);
      expect(new Set(starts.map((s) => s.pts)).size).toBe(1);
      const durations = perRung.map((segs) => segs.find((s) => s.n === n)!.seconds);
      expect(Math.max(...durations) - Math.min(...durations)).toBeLessThan(0.05);
    }

    // No way out of the player's folder, and no rung that is not one.
    for (const bad of [
      'r0/index.m3u8',
      'r10/index.m3u8',
      '..%2F/index.m3u8',
      'x1/seg_0.ts',
      'r1%2F..%2F..%2Fx/index.m3u8',
    ])
      expect((await get(bad)).statusCode, bad).toBeGreaterThanOrEqual(400);
    expect((await get('r3/index.m3u8')).statusCode).toBe(404);
    // A segment the rung lists now (those probed above may have left the window meanwhile).
    const listed = segmentsOf((await get('r1/index.m3u8')).body).at(-1)!;
    expect((await get(`r1/${listed.file}`)).statusCode).toBe(200);
    // The token is checked on a rung as on the top one.
    const forged = `${base}${prefix.replace(/\/t\/[^/]+\//, '/t/not-a-token.x.y/')}r1/index.m3u8`;
    expect((await fetch(forged)).status).toBe(401);

    // The second client: ffmpeg reads every rung of the multivariant playlist at once.
    const file = join(ctx.dataDir, 'abr-every-rung.ts');
    const reader = ffmpeg([
      ...['-i', `${base}${session.hlsUrl}`, '-map', '0', '-t', String(READ_SECONDS)],
      ...['-c', 'copy', '-y', file],
    ]);
    const code = await exited(reader, (READ_SECONDS + 30) * 1000);
    expect({ code, errors: reader.log() }).toEqual({ code: 0, errors: '' });
    const probe = await ffprobe(file);
    const video = probe.streams.filter((s) => s.codec_type === 'video').map((s) => s.height);
    expect(video.sort()).toEqual([240, 360, 480]);
    expect(Number(probe.format.duration)).toBeGreaterThan(READ_SECONDS - 1);

    // The VOD after the stream keeps the ladder: the recording (the top rung) at once, then its rungs
    // encoded from it, offered through the same multivariant address.
    await stop(encoder);
    const vod = await waitFor(
      'the VOD with its rungs',
      async () => {
        const s = (await op(ctx.app, 'play.session', { params: { id }, body: {} })).body;
        return s.input === 'vod' && s.hlsUrl?.endsWith('/master.m3u8') ? s : undefined;
      },
      120_000,
    );
    const vodGet = (path: string) =>
      ctx.app.inject({ url: `${vod.hlsUrl!.replace(/master\.m3u8$/, '')}${path}` });
    const vodMaster = (await vodGet('master.m3u8')).body;
    expect(vodMaster.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(variants);
    expect(vodMaster).toMatch(/RESOLUTION=\d+x240/);
    const vodLists = await Promise.all(variants.map(async (v) => (await vodGet(v)).body));
    const vodSegments = vodLists.map((t) => t.split('\n').filter((l) => l.startsWith('vod_')));
    for (const t of vodLists) expect(t.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    // The same cuts in every rung.
    expect(new Set(vodSegments.map((segs) => segs.length)).size).toBe(1);
    const lowest = await vodGet(`r2/${vodSegments[2]![0]}`);
    expect(lowest.statusCode).toBe(200);
    const lowestFile = join(ctx.dataDir, 'abr-vod-r2.ts');
    await writeFile(lowestFile, lowest.rawPayload);
    expect((await ffprobe(lowestFile)).streams.find((s) => s.codec_type === 'video')?.height).toBe(240);
  }, 360_000);
});
