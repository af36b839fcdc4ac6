// What a quality ladder costs (issue 34). Run: npx tsx bench/abr-cost.ts
// 1. CPU per rung per resolution: a 1080p30 source (copied as the top rung) plus ONE encoded rung, for
//    each rung of the menu, minus the copy alone (mux only) and minus the decode of the source (shared by
//    every rung of a ladder, measured on its own): the share of one core that rung's scale and encode
//    add. Each is the writer's real argument list (abr-args.ts) reading a pre-encoded file in real time
//    (-re), so the encoder of the sample costs nothing here.
// 2. The 720p30 -> 480p + 360p ladder (source copied): its CPU, and how many such ladders one core holds.
// 3. The same ladder as the program runs it: ProgramFeed (a reader ffmpeg, the TsSwitcher in this node
//    process, the ladder writer on its stdin) against the writer's command run alone on the file: the
//    writer's CPU must stay within 1.1x (goal), i.e. being fed by the switcher costs it nothing extra.
// Goals: (a) the program's ladder writer within 1.1x of the command alone; (b) one core holds at least
// 2 ladders 720p30 -> 480p + 360p (libx264 veryfast, software; hardware encoders are not used yet).
// Exits 1 when one is missed. BENCH_WINDOW seconds per measurement (15), BENCH_ROUNDS of (3) interleaved
// for the ratio (medians). CPU from /proc per process. About 4 minutes.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { programLadderHls } from '@stromwerk/media/abr-args';
import { type LadderSource, planLadder, type TranscodedRung } from '@stromwerk/media/abr-ladder';
import { ProgramFeed } from '@stromwerk/media/program-feed';
import { LoadWindow } from './lib/load';
import { processCpuSeconds } from './lib/proc-cpu';
import { writeResult } from './lib/results';

const WINDOW_MS = Number(process.env.BENCH_WINDOW ?? 15) * 1000;
const WARMUP_MS = 3000;
const RATIO_GOAL = 1.1;
const RATIO_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const LADDERS_PER_CORE_GOAL = 2;
const work = mkdtempSync(join(tmpdir(), 'stromwerk-abr-cost-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** A 20 s H.264/AAC MPEG-TS, keyframe every 2 s, like an encoder sends (and the switcher passes on). */
function sample(width: number, height: number, kbps: number): string {
  const file = join(work, `sample-${height}.ts`);
  const r = spawnSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=30`, '-f', 'lavfi', '-i', 'sine'],
    ...['-t', '20', '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', `${kbps}k`, '-g', '60'],
    ...['-sc_threshold', '0', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mpegts', file],
  ]);
  if (r.status !== 0) throw new Error(`could not encode the sample: ${r.stderr}`);
  return file;
}

/** The ladder writer's own arguments with the switcher's pipe replaced by the file in real time. */
function aloneArgs(args: string[], file: string): string[] {
  const at = args.indexOf('pipe:0');
  const input = args.lastIndexOf('-f', at);
  return [...args.slice(0, input), '-re', '-stream_loop', '-1', '-i', file, ...args.slice(at + 1)];
}

/** % of one core a process used over the window, after a warm-up. */
async function cpuPct(pid: () => number | null | undefined): Promise<number> {
  await sleep(WARMUP_MS);
  const p = pid();
  if (!p) throw new Error('the process is gone');
  const c0 = processCpuSeconds(p);
  const t0 = Date.now();
  await sleep(WINDOW_MS);
  if (pid() !== p) throw new Error('the process restarted during the window');
  return ((processCpuSeconds(p) - c0) / ((Date.now() - t0) / 1000)) * 100;
}

async function alone(rungs: ReturnType<typeof planLadder>, file: string): Promise<number> {
  const dir = mkdtempSync(join(work, 'out-'));
  for (const r of rungs) if (r.dir) mkdirSync(join(dir, r.dir));
  try {
    return await cpuOfCommand(aloneArgs(programLadderHls({ dir, latency: 'normal', rungs }), file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The decode of the source alone (what every encoded rung shares in one ladder). */
const decodeOnly = (file: string) =>
  cpuOfCommand(['-hide_banner', '-re', '-stream_loop', '-1', '-i', file, '-map', '0:v:0', '-f', 'null', '-']);

async function cpuOfCommand(args: string[]): Promise<number> {
  const child: ChildProcess = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  try {
    return await cpuPct(() => (child.exitCode === null ? child.pid : null));
  } catch (err) {
    throw new Error(`${String(err)}: ${stderr}`);
  } finally {
    child.kill('SIGKILL');
  }
}

async function inProgram(rungs: ReturnType<typeof planLadder>, source: LadderSource, file: string) {
  const dir = mkdtempSync(join(work, 'program-'));
  const feed = new ProgramFeed({
    ffmpegPath: 'ffmpeg',
    dir,
    latency: 'normal',
    label: 'abr-cost',
    choose: (usable) => (usable.main ? 'main' : undefined),
    ladder: rungs,
    ladderSource: source,
  });
  feed.start();
  feed.setInputs({
    main: {
      key: 'sample',
      source: { kind: 'file', input: { url: file, format: 'mpegts' }, loop: true, transcode: false },
    },
  });
  try {
    return await cpuPct(() => feed.writer.pid);
  } finally {
    await feed.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const load = new LoadWindow();
  const hd = { width: 1920, height: 1080 };
  const hdFile = sample(hd.width, hd.height, 6000);
  const copyOnly = await alone(planLadder(['source'], hd), hdFile);
  const decode = await decodeOnly(hdFile);
  console.log(`copy only ${round(copyOnly)} %, decode of 1080p30 ${round(decode)} % of a core`);
  const perRung: Record<string, number> = {};
  for (const rung of ['1080p', '720p', '480p', '360p', '240p'] as TranscodedRung[]) {
    // A 1080p rung of a 1080p source is encoded alone (with the copy it would be dropped as the same size).
    const rungs = rung === '1080p' ? planLadder([rung], hd) : planLadder(['source', rung], hd);
    const total = await alone(rungs, hdFile);
    perRung[rung] = round(total - decode - (rung === '1080p' ? 0 : copyOnly));
    console.log(`rung ${rung} from 1080p30: ${perRung[rung]} % of a core (scale + encode)`);
  }
  const sd = { width: 1280, height: 720 };
  const sdFile = sample(sd.width, sd.height, 3000);
  const ladder = planLadder(['source', '480p', '360p'], sd);
  // Interleaved rounds, medians: the machine is shared, and its load moves within a minute.
  const alones: number[] = [];
  const programs: number[] = [];
  for (let i = 0; i < RATIO_ROUNDS; i++) {
    alones.push(await alone(ladder, sdFile));
    programs.push(await inProgram(ladder, sd, sdFile));
    console.log(`round ${i + 1}: alone ${round(alones[i]!)} %, in the program ${round(programs[i]!)} %`);
  }
  const aloneLadder = round(median(alones));
  const programLadder = round(median(programs));
  const ratio = round(median(programs.map((p, i) => p / alones[i]!)), 2);
  const laddersPerCore = Math.floor(100 / aloneLadder);
  const result = {
    windowSeconds: WINDOW_MS / 1000,
    encoder: 'libx264 veryfast zerolatency (software)',
    copyOnlyPct: round(copyOnly),
    decode1080p30Pct: round(decode),
    perRungPctFrom1080p30: perRung,
    ladder720to480and360: {
      alonePct: aloneLadder,
      inProgramPct: programLadder,
      ratio,
      laddersPerCore,
      rounds: { alone: alones.map((x) => round(x)), inProgram: programs.map((x) => round(x)) },
    },
    goals: { ratioMax: RATIO_GOAL, laddersPerCoreMin: LADDERS_PER_CORE_GOAL },
    load: load.end(),
  };
  console.log(JSON.stringify(result, null, 2));
  const met = ratio <= RATIO_GOAL && laddersPerCore >= LADDERS_PER_CORE_GOAL;
  writeResult(
    'abr-cost',
    result,
    `720p30 -> 480p+360p ladder ${aloneLadder} % of a core alone, ${programLadder} % in the program (${ratio}x, goal <= ${RATIO_GOAL}); ${laddersPerCore} ladders per core (goal >= ${LADDERS_PER_CORE_GOAL}); per rung from 1080p30: ${Object.entries(
      perRung,
    )
      .map(([k, v]) => `${k} ${v} %`)
      .join(', ')}; load ${result.load.start}-${result.load.max}${met ? '' : ' — GOAL MISSED'}`,
  );
  rmSync(work, { recursive: true, force: true });
  process.exit(met ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
