import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited } from '../../../../scripts/lib/test-support.mjs';
import { ffmpeg, ffprobe, freePort, publishTestStream, stopAll, waitFor } from '../helpers/media';
import { waitProgramInput } from '../helpers/program-input';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * A quality ladder in low latency (issue 34): one writer, each rung as fMP4 on its own pipe, one LL-HLS
 * packager per rung. Every rung's playlist has parts and answers a blocking reload through the signed
 * prefix; the rungs' segments start at the same timestamp with a keyframe; ffmpeg reads every rung of the
 * multivariant playlist at once with no error.
 */
const READ_SECONDS = 10;
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

const segmentsOf = (text: string) =>
  [...text.matchAll(/#EXTINF:([\d.]+),\n(seg_(\d+)\.m4s)/g)].map((m) => ({
    seconds: Number(m[1]),
    n: Number(m[3]),
  }));
const mapOf = (text: string, n: number) => {
  // The init segment in force at segment n: the last EXT-X-MAP before it.
  const before = text.slice(0, text.indexOf(`seg_${n}.m4s`));
  return [...before.matchAll(/#EXT-X-MAP:URI="([^"]+)"/g)].at(-1)![1]!;
};

async function firstVideoPacket(file: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-read_intervals', '%+#1'],
    ...['-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file],
  ]);
  const [pts, flags] = stdout.trim().split('\n')[0]!.split(',');
  return { pts: Number(pts), key: flags!.startsWith('K') };
}

describe('a low-latency player with a quality ladder', () => {
  it('serves LL-HLS parts in every rung, aligned, and ffmpeg reads them all', async () => {
    const as = { token: ctx.owner.token };
    const src = await op(ctx.app, 'sources.create', {
      ...as,
      body: { workspaceId: ctx.owner.workspaceId, name: 'LL ladder cam', type: 'rtmp' },
    });
    const { streamKey } = (await op(ctx.app, 'sources.streamKey', { ...as, params: { id: src.body.id } }))
      .body;
    const out = await op(ctx.app, 'outputs.create', {
      ...as,
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'LL ladder',
        mainSourceId: src.body.id,
        latency: 'low',
        ladder: ['source', '240p'],
      },
    });
    const id = out.body.id;
    publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, { seconds: READ_SECONDS + 60 });
    await waitProgramInput(ctx, id);
    const session = (await op(ctx.app, 'play.session', { params: { id }, body: {} })).body;
    expect(session.hlsUrl).toMatch(/\/master\.m3u8$/);
    const prefix = session.hlsUrl!.replace(/master\.m3u8$/, '');
    const get = (path: string) => ctx.app.inject({ url: `${prefix}${path}` });
    const variants = (await get('master.m3u8')).body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(variants).toEqual(['index.m3u8', 'r1/index.m3u8']);

    const lists = await waitFor(
      'three segments in every rung',
      async () => {
        const texts = await Promise.all(variants.map(async (v) => (await get(v)).body));
        return texts.every((t) => segmentsOf(t).length >= 3) ? texts : undefined;
      },
      40_000,
    );
    for (const text of lists) {
      expect(text).toContain('#EXT-X-PART:');
      expect(text).toContain('CAN-BLOCK-RELOAD=YES');
    }
    // A blocking reload of the lower rung: held until the next segment's first part is listed.
    const next = Math.max(...segmentsOf(lists[1]!).map((s) => s.n)) + 1;
    const blocked = await get(`r1/index.m3u8?_HLS_msn=${next}&_HLS_part=0`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.body).toMatch(new RegExp(`part_${next}_0\\.m4s`));

    const perRung = lists.map(segmentsOf);
    const common = perRung[0]!
      .map((s) => s.n)
      .filter((n) => perRung.every((segs) => segs.some((s) => s.n === n)))
      .slice(-2);
    expect(common.length).toBe(2);
    for (const n of common) {
      const starts = [];
      for (const [i, v] of variants.entries()) {
        const dir = v.replace(/index\.m3u8$/, '');
        const init = await get(`${dir}${mapOf(lists[i]!, n)}`);
        const seg = await get(`${dir}seg_${n}.m4s`);
        expect([init.statusCode, seg.statusCode]).toEqual([200, 200]);
        const file = join(ctx.dataDir, `abr-low-${i}-${n}.mp4`);
        await writeFile(file, Buffer.concat([init.rawPayload, seg.rawPayload]));
        const probe = await ffprobe(file);
        expect(probe.streams.find((s) => s.codec_type === 'video')?.height).toBe([360, 240][i]);
        starts.push(await firstVideoPacket(file));
      }
      expect(starts.every((s) => s.key)).toBe(true);
      expect(Math.abs(starts[0]!.pts - starts[1]!.pts)).toBeLessThan(0.001);
    }

    const file = join(ctx.dataDir, 'abr-low-every-rung.ts');
    const reader = ffmpeg([
      ...['-i', `${base}${session.hlsUrl}`, '-map', '0', '-t', String(READ_SECONDS)],
      ...['-c', 'copy', '-y', file],
    ]);
    const code = await exited(reader, (READ_SECONDS + 30) * 1000);
    expect({ code, errors: reader.log() }).toEqual({ code: 0, errors: '' });
    const probe = await ffprobe(file);
    const heights = probe.streams.filter((s) => s.codec_type === 'video').map((s) => s.height);
    expect(heights.sort()).toEqual([240, 360]);
  }, 180_000);
});
