import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeProcesses } from '@stromwerk/media/process-registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, stopAll, waitFor } from '../helpers/media';
import { type Chroma, cameraOf, programFrames, camera as startCamera } from '../helpers/program-frames';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Failover with a quality ladder (issue 34 item 5): the switch happens before the split, so main ->
 * backup -> main runs inside the one ladder writer and every rung shows main, then backup, then main,
 * on one continuous playlist. Cameras as in program-failover.test.ts (their colour tells them apart,
 * also after a rung's lossy encode).
 */
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
async function newSource(name: string) {
  const src = await op(ctx.app, 'sources.create', {
    ...as(),
    body: { workspaceId: ctx.owner.workspaceId, name, type: 'rtmp' },
  });
  const key = await op(ctx.app, 'sources.streamKey', { ...as(), params: { id: src.body.id } });
  return { id: src.body.id, url: `rtmp://127.0.0.1:${rtmpPort}/live/${key.body.streamKey}` };
}
const inputOf = async (id: string) =>
  (await op(ctx.app, 'outputs.get', { ...as(), params: { id } })).body.input;
const MAIN = { cb: 64, cr: 192 };
const BACKUP = { cb: 192, cr: 64 };
const CLOCK_ZERO_MS = Date.now();
// 640x360: the 240p rung is below the source whether the probe is there before the writer or not.
const camera = (url: string, chroma: Chroma) => startCamera(url, chroma, CLOCK_ZERO_MS, '640x360');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function crash(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  return exited;
}

describe('failover with a quality ladder', () => {
  it('switches main -> backup -> main in every rung inside one ladder writer', async () => {
    const main = await newSource('Ladder main');
    const backup = await newSource('Ladder backup');
    const out = await op(ctx.app, 'outputs.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Ladder standby',
        mainSourceId: main.id,
        backupSourceId: backup.id,
        latency: 'high',
        ladder: ['source', '240p'],
      },
    });
    const id = out.body.id;
    let mainCam = camera(main.url, MAIN);
    camera(backup.url, BACKUP);
    await waitFor('main on air', async () => (await inputOf(id)) === 'main', 30_000);
    const writerPid = () => activeProcesses().find((p) => p.label === `program ${id}`)?.pid;
    const pid = await waitFor('the writer', async () => writerPid());
    await sleep(5000);
    await crash(mainCam);
    await waitFor('backup on air', async () => (await inputOf(id)) === 'backup', 20_000, 50);
    await sleep(5000);
    mainCam = camera(main.url, MAIN);
    await waitFor('main back on air', async () => (await inputOf(id)) === 'main', 30_000);
    await sleep(8000);

    expect(writerPid()).toBe(pid);
    const dir = join(ctx.dataDir, 'hls', id);
    const rungs = readFileSync(join(dir, 'master.m3u8'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.replace(/\/?index\.m3u8$/, ''));
    expect(rungs).toEqual(['', 'r1']);
    for (const rung of rungs) {
      const { frames, playlist } = await programFrames(rung ? join(dir, rung) : dir);
      const numbers = [...playlist.matchAll(/seg_(\d+)\.ts/g)].map((m) => Number(m[1]));
      expect(
        numbers.slice(1).every((n, i) => n === numbers[i]! + 1),
        rung,
      ).toBe(true);
      // No discontinuity after the first segment (ffmpeg marks the start of its run: discont_start).
      expect(playlist.slice(playlist.indexOf('seg_')), rung).not.toContain('#EXT-X-DISCONTINUITY');
      const cams = frames.map((f) => cameraOf(f, { main: MAIN, backup: BACKUP }));
      const order = cams.filter((c, i) => i === 0 || c !== cams[i - 1]);
      expect(order, rung || 'top rung').toEqual(['main', 'backup', 'main']);
      const steps = frames.slice(1).map((f, i) => f.t - frames[i]!.t);
      expect(Math.max(...steps), rung).toBeLessThan(0.1);
    }
  }, 150_000);
});
