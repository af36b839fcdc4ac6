// What one WHIP publish costs the server (issue 35 item 4: CPU per published stream), beside an RTMP
// publish of the same picture in the same run. Run: npx tsx bench/whip-publish-cost.ts
// The whole server runs in this process (bench/lib/in-process-app.ts, WebRTC on 127.0.0.1). One clip,
// encoded once: 1280x720 30 fps H.264 (constrained baseline, no B-frames, GOP 2 s, 2.5 Mbit/s) with sound,
// as Opus for WHIP and as AAC for RTMP. N WHIP publishers (BENCH_PUBLISHERS, 4) are werift peers in a
// process of their own (bench/lib/webrtc-publishers.ts) sending one looping copy of the clip, each to a
// WHIP source of its own; then N ffmpeg processes publish the same clip over RTMP to N RTMP sources. The
// server's CPU (this process, every thread, plus the WHIP bridges' ffmpeg processes it starts) is
// measured over BENCH_WINDOW seconds (10) with nothing published, with the N WHIP publishes, with
// nothing again, and with the N RTMP publishes. Per publish = (window - mean of the two idle windows) / N.
// Goal: >= 10 WHIP publishes per core (a studio session costs < 10 % of a core); exits 1 when missed.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inProcessApp } from './lib/in-process-app';
import { loopbackOnly, tsChild } from './lib/ipc-child';
import { LoadWindow } from './lib/load';
import { processCpuSeconds } from './lib/proc-cpu';
import { writeResult } from './lib/results';

const PUBLISHERS = Number(process.env.BENCH_PUBLISHERS ?? 4);
const WINDOW_MS = Number(process.env.BENCH_WINDOW ?? 10) * 1000;
const WARMUP_MS = 4000;
const PUBLISHES_PER_CORE_GOAL = 10;
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const dir = mkdtempSync(join(tmpdir(), 'whip-cost-'));

const load = new LoadWindow();
const { app, api, rtmpPort, workspaceId, close } = await inProcessApp({ WEBRTC_BIND_ADDRESS: '127.0.0.1' });
const { whip } = app.services;

/** The clip, encoded once: the same picture for both ingests, Opus sound for WHIP, AAC for RTMP. */
function encodeClip() {
  const picture = join(dir, 'clip-opus.mkv');
  const run = (args: string[]) => {
    const r = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args]);
    if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
  };
  run([
    ...[
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1280x720:rate=30',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000',
    ],
    ...['-t', '10', '-c:v', 'libx264', '-profile:v', 'baseline', '-preset', 'veryfast', '-bf', '0'],
    ...['-g', '60', '-b:v', '2500k', '-pix_fmt', 'yuv420p', '-c:a', 'libopus', '-b:a', '96k', picture],
  ]);
  const aac = join(dir, 'clip-aac.flv');
  run(['-i', picture, '-c:v', 'copy', '-c:a', 'aac', '-b:a', '128k', aac]);
  return { opus: picture, aac };
}

/** The WHIP bridges this process started (their ffmpeg reads the publisher's RTP through an SDP). */
function bridgePids(): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('sdp,rtp');
      } catch {
        return false;
      }
    });
}

/** % of one core the server used over the window: this process and its WHIP bridges. */
async function cpuWindow() {
  const pids = [process.pid, ...bridgePids()];
  const c0 = pids.map(processCpuSeconds);
  const t0 = Date.now();
  await sleep(WINDOW_MS);
  const used = pids.reduce((sum, pid, i) => sum + processCpuSeconds(pid) - c0[i]!, 0);
  return { pct: (used / ((Date.now() - t0) / 1000)) * 100, bridges: pids.length - 1 };
}

async function sources(type: 'whip' | 'rtmp') {
  return Promise.all(
    Array.from({ length: PUBLISHERS }, async (_, i) => {
      const s = await api.sources.create({ body: { workspaceId, name: `${type} ${i}`, type } });
      return { id: s.id, key: (await api.sources.streamKey({ params: { id: s.id } })).streamKey };
    }),
  );
}

async function allLive(ids: string[], live: boolean) {
  const end = Date.now() + 60_000;
  const liveNow = async () =>
    (await Promise.all(ids.map((id) => api.sources.get({ params: { id } })))).filter(
      (s) => s.state === 'live',
    ).length;
  while ((await liveNow()) !== (live ? ids.length : 0)) {
    if (Date.now() > end) throw new Error(`sources not ${live ? 'live' : 'offline'} within 60 s`);
    await sleep(250);
  }
}

async function main() {
  const clip = encodeClip();
  const [whipSources, rtmpSources] = [await sources('whip'), await sources('rtmp')];
  await sleep(WARMUP_MS);
  const idle = await cpuWindow();
  console.log(`nothing published: ${round(idle.pct)} % of a core`);

  // WHIP: N publishers of one looping copy of the clip.
  const pubs = tsChild('webrtc-publishers.ts', [], children);
  const ports = await pubs.next<{ video: number; audio: number }>('ports');
  // The stream flows first: a publisher without picture for 10 s is ended by the server.
  const feeder = spawn('ffmpeg', [
    ...['-v', 'error', '-re', '-stream_loop', '-1', '-i', clip.opus],
    ...['-map', '0:v', '-c', 'copy', '-f', 'rtp', `rtp://127.0.0.1:${ports.video}?pkt_size=1200`],
    ...['-map', '0:a', '-c', 'copy', '-f', 'rtp', `rtp://127.0.0.1:${ports.audio}`],
  ]);
  children.push(feeder);
  let next = 0;
  pubs.child.on('message', async (m: { offer?: string; id?: number }) => {
    if (m.offer === undefined) return;
    const key = whipSources[next++]!.key;
    const { answer } = await whip.offer(`Bearer ${key}`, loopbackOnly(m.offer));
    pubs.send({ answer: loopbackOnly(answer), id: m.id });
  });
  pubs.send({ add: PUBLISHERS });
  await pubs.next('added', 60_000);
  await allLive(
    whipSources.map((s) => s.id),
    true,
  );
  await sleep(WARMUP_MS);
  const withWhip = await cpuWindow();
  pubs.send({ keyframeRequests: true });
  const plis = await pubs.next<number[]>('keyframeRequests');
  console.log(
    `${PUBLISHERS} WHIP publishes (${withWhip.bridges} bridges): ${round(withWhip.pct)} % of a core`,
  );
  whip.closeAll();
  feeder.kill('SIGKILL');
  pubs.child.kill('SIGKILL');
  await allLive(
    whipSources.map((s) => s.id),
    false,
  );
  await sleep(WARMUP_MS);
  const idleAgain = await cpuWindow();
  console.log(`nothing published again: ${round(idleAgain.pct)} % of a core`);

  // RTMP: the same clip, N encoders copying it (their CPU is theirs, not the server's).
  for (const s of rtmpSources)
    children.push(
      spawn('ffmpeg', [
        ...['-v', 'error', '-re', '-stream_loop', '-1', '-i', clip.aac, '-c', 'copy', '-f', 'flv'],
        `rtmp://127.0.0.1:${rtmpPort}/live/${s.key}`,
      ]),
    );
  await allLive(
    rtmpSources.map((s) => s.id),
    true,
  );
  await sleep(WARMUP_MS);
  const withRtmp = await cpuWindow();
  console.log(`${PUBLISHERS} RTMP publishes: ${round(withRtmp.pct)} % of a core`);

  const base = (idle.pct + idleAgain.pct) / 2;
  const whipPer = (withWhip.pct - base) / PUBLISHERS;
  const rtmpPer = (withRtmp.pct - base) / PUBLISHERS;
  const publishesPerCore = Math.floor(100 / Math.max(whipPer, 0.01));
  const met = publishesPerCore >= PUBLISHES_PER_CORE_GOAL && withWhip.bridges === PUBLISHERS;
  const result = {
    publishers: PUBLISHERS,
    windowSeconds: WINDOW_MS / 1000,
    stream:
      '1280x720 30 fps H.264 constrained baseline, no B-frames, GOP 2 s, 2.5 Mbit/s + Opus 96 kbit/s (WHIP) / AAC 128 kbit/s (RTMP)',
    serverPct: {
      idle: round(idle.pct),
      whip: round(withWhip.pct),
      idleAgain: round(idleAgain.pct),
      rtmp: round(withRtmp.pct),
    },
    whipPerPublishPct: round(whipPer, 2),
    rtmpPerPublishPct: round(rtmpPer, 2),
    whipOverRtmp: round(whipPer / Math.max(rtmpPer, 0.01), 1),
    whipPublishesPerCore: publishesPerCore,
    bridges: withWhip.bridges,
    keyframeRequestsPerPublisher: plis,
    goals: { whipPublishesPerCoreMin: PUBLISHES_PER_CORE_GOAL },
    load: load.end(),
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult(
    'whip-publish-cost',
    result,
    `${PUBLISHERS} WHIP publishes of 720p30: ${result.whipPerPublishPct} % of a core each (bridge included), ${publishesPerCore} per core (goal >= ${PUBLISHES_PER_CORE_GOAL}); an RTMP publish of the same stream ${result.rtmpPerPublishPct} % (${result.whipOverRtmp}x); load ${result.load.start}-${result.load.max}${met ? '' : ' — GOAL MISSED'}`,
  );
  return met;
}

let met = false;
try {
  met = await main();
} catch (err) {
  console.error(err);
} finally {
  for (const c of children) c.kill('SIGKILL');
  whip.closeAll();
  await app.close();
  await close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(met ? 0 : 1);
