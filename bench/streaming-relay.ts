// Relay cost and capacity on this machine (issue 5). Run: npx tsx bench/streaming-relay.ts
// 1. CPU of one Stromwerk RTMP target next to a bare `ffmpeg -c copy` relay of the same feed.
// 2. How many sources with two targets each run with every target online at full bitrate.
// Everything runs on 127.0.0.1; each phase is bounded in time.
import type { ChildProcess } from 'node:child_process';
import { activeProcesses } from '@stromwerk/media/process-registry';
import { freePort, testEncoderArgs, ffmpeg as trackedFfmpeg } from '../scripts/lib/test-support.mjs';
import { feedFile as makeFeed } from './lib/feed-file';
import { inProcessApp } from './lib/in-process-app';
import { measure, processCpuSeconds } from './lib/proc-cpu';
import { writeResult } from './lib/results';

const WINDOW_MS = 15_000;
const MAX_SOURCES = 24;
/** Stop when the streaming system's own processes need more than this share of the 2 cores (in % of one core). */
const CPU_BUDGET_PCT = 170;
const FEED_KBPS = 2500;
const children: ChildProcess[] = [];

const ffmpeg = (args: string[]) => {
  const c = trackedFfmpeg(args);
  children.push(c);
  return c;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const feed = makeFeed(FEED_KBPS);
  const { api, rtmpPort, workspaceId, close } = await inProcessApp();

  /** A receiver (ffmpeg listening, discarding) and a target of the source pushing to it. */
  async function addTarget(sourceId: string, name: string) {
    const port = await freePort();
    ffmpeg(['-listen', '1', '-i', `rtmp://127.0.0.1:${port}/app/out`, '-c', 'copy', '-f', 'null', '-']);
    await sleep(200);
    const settings = { type: 'rtmp' as const, url: `rtmp://127.0.0.1:${port}/app`, streamKey: 'out' };
    return (await api.targets.create({ body: { workspaceId, name, sourceId, settings } })).id;
  }

  async function sourceWithTargets(n: number, targets: number) {
    const src = await api.sources.create({ body: { workspaceId, name: `Bench ${n}`, type: 'rtmp' } });
    const key = (await api.sources.streamKey({ params: { id: src.id } })).streamKey;
    const ids: string[] = [];
    for (let t = 0; t < targets; t++) ids.push(await addTarget(src.id, `T${n}.${t}`));
    await sleep(300);
    ffmpeg(testEncoderArgs(`rtmp://127.0.0.1:${rtmpPort}/live/${key}`, { file: feed, loop: true }));
    return { id: src.id, key, targetIds: ids };
  }
  const targetPids = () =>
    activeProcesses()
      .filter((p) => p.label?.startsWith('target'))
      .map((p) => p.pid);
  const allOnline = async (ids: string[]) => {
    const ts = await Promise.all(ids.map((id) => api.targets.get({ params: { id } })));
    return {
      online: ts.every((t) => t.state === 'online'),
      minKbps: Math.min(...ts.map((t) => t.bitrateKbps ?? 0)),
    };
  };

  // Phase 1: one target through Stromwerk vs a bare copy relay of the same feed.
  const first = await sourceWithTargets(0, 1);
  for (let i = 0; i < 40 && !(await allOnline(first.targetIds)).online; i++) await sleep(500);
  await sleep(3000);
  const nodeBefore = processCpuSeconds(process.pid);
  const ours = await measure(targetPids, WINDOW_MS);
  const nodePct = ((processCpuSeconds(process.pid) - nodeBefore) / (WINDOW_MS / 1000)) * 100;
  const barePort = await freePort();
  ffmpeg(['-listen', '1', '-i', `rtmp://127.0.0.1:${barePort}/app/out`, '-c', 'copy', '-f', 'null', '-']);
  await sleep(300);
  const bare = ffmpeg([
    '-rw_timeout',
    '5000000',
    '-i',
    `rtmp://127.0.0.1:${rtmpPort}/live/${first.key}`,
    '-c',
    'copy',
    '-f',
    'flv',
    `rtmp://127.0.0.1:${barePort}/app/out`,
  ]);
  await sleep(4000);
  const bareCpu = await measure(() => [bare.pid!], WINDOW_MS);
  bare.kill('SIGKILL');
  const relay = {
    targetFfmpegPctOfCore: round(ours.perPid[0] ?? 0),
    bareFfmpegPctOfCore: round(bareCpu.perPid[0] ?? 0),
    serverProcessPctOfCoreWithOneTarget: round(nodePct),
  };
  console.log('relay', relay);

  // Phase 2: ramp sources with two targets each while every target stays online at full bitrate.
  const steps: {
    sources: number;
    targets: number;
    systemPct: number;
    machinePct: number;
    allOnline: boolean;
    minTargetKbps: number;
    serverPct: number;
  }[] = [];
  const ids = [...first.targetIds];
  let sources = 1;
  let sustained = 0;
  ids.push(await addTarget(first.id, 'T0.1'));
  while (sources <= MAX_SOURCES) {
    await sleep(6000);
    const nodeB = processCpuSeconds(process.pid);
    // Everything of the streaming system: targets, publishers, receivers (all children) and the server.
    const m = await measure(
      () =>
        children
          .filter((c) => c.exitCode === null)
          .map((c) => c.pid!)
          .concat(targetPids()),
      WINDOW_MS,
    );
    const serverPct = round(((processCpuSeconds(process.pid) - nodeB) / (WINDOW_MS / 1000)) * 100);
    const systemPct = round(m.perPid.reduce((a, b) => a + b, 0) + serverPct);
    const health = await allOnline(ids);
    const ok = health.online && health.minKbps > FEED_KBPS * 0.85 && systemPct < CPU_BUDGET_PCT;
    steps.push({
      sources,
      targets: ids.length,
      systemPct,
      machinePct: round(m.machinePct),
      allOnline: health.online,
      minTargetKbps: round(health.minKbps),
      serverPct,
    });
    console.log('step', steps.at(-1));
    if (!ok) break;
    sustained = sources;
    const add = sources < 4 ? 1 : 4;
    for (let i = 0; i < add; i++) ids.push(...(await sourceWithTargets(sources + i + 1, 2)).targetIds);
    sources += add;
  }
  await close();
  for (const c of children) c.kill('SIGKILL');
  const result = {
    machine: '2 cores',
    feed: `720p30 H.264 ${FEED_KBPS} kbit/s + AAC, -c copy publisher`,
    relay,
    sustainedSourcesWithTwoTargets: sustained,
    steps,
  };
  writeResult(
    'streaming-relay',
    result,
    `one RTMP target ffmpeg ${relay.targetFfmpegPctOfCore}% of a core vs bare ffmpeg -c copy ${relay.bareFfmpegPctOfCore}%; server process ${relay.serverProcessPctOfCoreWithOneTarget}% with one target; ${sustained} sources x 2 targets sustained (last step: ${JSON.stringify(steps.at(-1))})`,
  );
  console.log(JSON.stringify(result, null, 2));
}

const round = (n: number) => Math.round(n * 10) / 10;
main().catch((e) => {
  console.error(e);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
});
