import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { activeProcesses } from '@stromwerk/media/process-registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, stopAll, waitFor } from '../helpers/media';
import {
  type Chroma,
  cameraOf,
  FPS,
  programFrames as readProgram,
  camera as startCamera,
} from '../helpers/program-frames';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Hot standby as a viewer's program shows it: two real encoders publish frames that carry their own
 * index (grey levels) and their camera (colour); main is killed like a crashed encoder and comes back.
 * The program's one writer process runs through both switches, the playlist goes on without a gap,
 * and the picture switches within a second of the kill.
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

/** The clock the cameras burn into their frames: 1/25 s steps since the test started. */
const CLOCK_ZERO_MS = Date.now();
const clockAt = (ms: number) => (ms - CLOCK_ZERO_MS) / 1000;

const MAIN = { cb: 64, cr: 192 };
const BACKUP = { cb: 192, cr: 64 };
const CAMERAS = { main: MAIN, backup: BACKUP };
const camera = (url: string, chroma: Chroma) => ({ child: startCamera(url, chroma, CLOCK_ZERO_MS) });

function crash(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  return exited;
}

interface Frame {
  t: number;
  index: number;
  camera: 'main' | 'backup';
}

/** The program's frames as its segments hold them: time, frame index, camera. */
async function programFrames(dir: string): Promise<{ frames: Frame[]; playlist: string }> {
  const { frames, playlist } = await readProgram(dir);
  return { frames: frames.map((f) => ({ t: f.t, index: f.index, camera: cameraOf(f, CAMERAS) })), playlist };
}

describe('program failover on hot standby', () => {
  it('switches main -> backup -> main inside one writer, losing under a second of main, without a gap', async () => {
    const main = await newSource('Main cam');
    const backup = await newSource('Backup cam');
    const out = await op(ctx.app, 'outputs.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Hot standby',
        mainSourceId: main.id,
        backupSourceId: backup.id,
        // The DVR window keeps every segment of this test in the playlist.
        latency: 'high',
      },
    });
    const id = out.body.id;
    let mainCam = camera(main.url, MAIN);
    camera(backup.url, BACKUP);
    await waitFor('main on air', async () => (await inputOf(id)) === 'main', 30_000);
    const writerPid = () => activeProcesses().find((p) => p.label === `program ${id}`)?.pid;
    const pid = await waitFor('the writer', async () => writerPid());
    // Both cameras read, main on air for a while.
    await new Promise((r) => setTimeout(r, 4000));

    const killedAt = Date.now();
    await crash(mainCam.child);
    // The bound only keeps a broken failover from hanging the test; how soon the switch comes (goal
    // 1.5 s) is bench/player-latency.ts's figure, logged below.
    await waitFor('backup on air', async () => (await inputOf(id)) === 'backup', 20_000, 50);
    const noticedMs = Date.now() - killedAt;
    await new Promise((r) => setTimeout(r, 4000));

    mainCam = camera(main.url, MAIN);
    await waitFor('main back on air', async () => (await inputOf(id)) === 'main', 30_000);
    await new Promise((r) => setTimeout(r, 7000));

    // No restart: the same writer process wrote the whole program.
    expect(writerPid()).toBe(pid);
    const { frames, playlist } = await programFrames(join(ctx.dataDir, 'hls', id));
    // One continuous playlist: consecutive segment numbers, no discontinuity (same codecs).
    const numbers = [...playlist.matchAll(/seg_(\d+)\.ts/g)].map((m) => Number(m[1]));
    expect(numbers.slice(1).every((n, i) => n === numbers[i]! + 1)).toBe(true);
    expect(playlist).not.toContain('#EXT-X-DISCONTINUITY\n#EXT-X-PROGRAM-DATE-TIME');
    // main, then backup, then main again; each switch on a frame-to-frame step (no freeze in the
    // program's time line), and main's last frame before the switch within a second of the kill.
    const runs = frames.reduce<Frame[][]>((acc, f) => {
      const last = acc.at(-1);
      if (last && last[0]!.camera === f.camera) last.push(f);
      else acc.push([f]);
      return acc;
    }, []);
    expect(runs.map((r) => r[0]!.camera)).toEqual(['main', 'backup', 'main']);
    const steps = frames.slice(1).map((f, i) => f.t - frames[i]!.t);
    expect(Math.max(...steps)).toBeLessThan(0.1);
    // Within each camera's stretch no picture is missing: its clock moves on frame by frame (a stalled
    // input would show here as a jump of its clock while the program's time line runs on).
    for (const r of runs) {
      const jumps = r.slice(1).map((f, i) => (f.index - r[i]!.index) / FPS);
      expect(Math.max(...jumps)).toBeLessThan(0.5);
    }
    // The program showed main's picture of less than a second before the kill: read from the frames'
    // burnt-in clocks, a property of the program's pictures (what was lost), not of how fast we looked.
    const shownUntilS = runs[0]!.at(-1)!.index / FPS;
    const killedAtS = clockAt(killedAt);
    console.info(
      `failover: noticed after ${noticedMs} ms, main shown until ${(killedAtS - shownUntilS).toFixed(2)} s before the kill`,
    );
    expect(killedAtS - shownUntilS).toBeLessThan(1);
  }, 120_000);
});
