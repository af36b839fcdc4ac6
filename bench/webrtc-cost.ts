// What a WebRTC (WHEP) viewer costs the server (issue 35 item 4). Run: npx tsx bench/webrtc-cost.ts
// The program as WHEP would carry it: 720p30 H.264 constrained baseline without B-frames (libx264
// veryfast, 2.5 Mbit/s, keyframe every 2 s) and Opus, encoded once to a file, then sent in real time
// (-re, stream copy, so the encoder costs nothing here) as RTP to two UDP ports on 127.0.0.1 that the
// forwarder process got from the OS. The forwarder (bench/lib/webrtc-forwarder.ts, its own process so
// /proc gives its CPU alone) forwards every packet to N viewers (bench/lib/webrtc-viewers.ts, werift
// peers in another process, signalled WHEP style: the viewer offers recvonly, the forwarder answers).
// Measured, per stack, as % of one core of the forwarder process over BENCH_WINDOW seconds (8):
//   baseline    the forwarder receiving the RTP with no viewer (the same code path for every stack)
//   udp         N viewers that are plain UDP sockets: the floor of any relay (no ICE, DTLS, SRTP)
//   werift      N werift peers (pure TypeScript; SRTP through Node's crypto)
//   datachannel N node-datachannel peers (libdatachannel + libsrtp, native, from the npm registry)
// Per viewer = (stack with N - baseline) / N. Delivery: the fewest packets any viewer got in the window
// over the packets the forwarder received (a forwarder that drops packets must not look cheap), and
// every WebRTC viewer must have received an IDR. Goal, for the chosen stack (datachannel): one core serves
// at least 50 viewers of 720p30 (per viewer <= 2 % of a core), delivery >= 0.95. Exits 1 when missed.
// BENCH_VIEWERS (10), BENCH_STACKS (udp,werift,datachannel), BENCH_DEBUG=1 logs the viewers' states. ~60 s.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loopbackOnly, tsChild } from './lib/ipc-child';
import { LoadWindow } from './lib/load';
import { processCpuSeconds } from './lib/proc-cpu';
import { writeResult } from './lib/results';

const WINDOW_MS = Number(process.env.BENCH_WINDOW ?? 8) * 1000;
const WARMUP_MS = 2000;
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 10);
const STACKS = (process.env.BENCH_STACKS ?? 'udp,werift,datachannel').split(',');
const CHOSEN = 'datachannel';
const VIEWERS_PER_CORE_GOAL = 50;
const DELIVERY_GOAL = 0.95;
const work = mkdtempSync(join(tmpdir(), 'stromwerk-webrtc-cost-'));
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

function sample(): string {
  const file = join(work, 'sample.mkv');
  const r = spawnSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '10', '-c:v', 'libx264'],
    ...['-preset', 'veryfast', '-profile:v', 'baseline', '-bf', '0', '-g', '60', '-b:v', '2500k'],
    ...[
      '-x264-params',
      'repeat-headers=1',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'libopus',
      '-b:a',
      '96k',
      '-ac',
      '2',
    ],
    file,
  ]);
  if (r.status !== 0) throw new Error(`could not encode the sample: ${r.stderr}`);
  return file;
}

function sender(file: string, ports: { video: number; audio: number }): ChildProcess {
  const rtp = (port: number, pt: number, ssrc: number) => [
    ...['-c', 'copy', '-f', 'rtp', '-payload_type', String(pt), '-ssrc', String(ssrc), '-pkt_size', '1200'],
    `rtp://127.0.0.1:${port}?rtcpport=${port}`,
  ];
  const child = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', file],
    ...['-map', '0:v:0', ...rtp(ports.video, 96, 1111), '-map', '0:a:0', ...rtp(ports.audio, 111, 2222)],
  ]);
  children.push(child);
  return child;
}

const node = (file: string, args: string[]) => tsChild(file, args, children);

type ViewerStat = { packets: number; video: number; idr: boolean };

/** Starts a forwarder of `stack` fed by the sender; with viewers, connects them. */
async function run(stack: string, file: string, viewers: number) {
  const fwd = node('webrtc-forwarder.ts', [stack]);
  const ports = await fwd.next<{ video: number; audio: number }>('ports');
  const feed = sender(file, ports);
  const view = node('webrtc-viewers.ts', []);
  await view.next('ready');
  if (viewers > 0 && stack === 'udp') {
    view.send({ add: viewers, udp: true });
    for (const port of await view.next<number[]>('udpPorts')) {
      fwd.send({ udpViewer: port });
      await fwd.next('udpViewerAdded');
    }
  } else if (viewers > 0) {
    // WHEP's exchange, over IPC instead of HTTP: the viewer's offer to the server, its answer back.
    view.child.on('message', async (m: { offer?: string; id?: number }) => {
      if (m.offer === undefined) return;
      fwd.send({ ...m, offer: loopbackOnly(m.offer) });
      const answer = await new Promise<string>((resolve) => {
        const on = (a: { answer?: string; id?: number }) => {
          if (a.id !== m.id || a.answer === undefined) return;
          fwd.child.off('message', on);
          resolve(a.answer);
        };
        fwd.child.on('message', on);
      });
      view.send({ answer: loopbackOnly(answer), id: m.id });
    });
    view.send({ add: viewers });
    await view.next('added', 30000);
  }
  const stats = async () => {
    view.send({ stats: true });
    fwd.send({ stats: true });
    const [v, f] = await Promise.all([
      view.next<ViewerStat[]>('stats'),
      fwd.next<{ received: number }>('stats'),
    ]);
    return { viewers: v, received: f.received };
  };
  const started = Date.now();
  while (viewers > 0 && (await stats()).viewers.some((v) => v.packets === 0)) {
    if (Date.now() - started > 15000) throw new Error(`${stack}: a viewer received nothing in 15 s`);
    await sleep(250);
  }
  await sleep(WARMUP_MS);
  const pid = fwd.child.pid!;
  const s0 = await stats();
  const c0 = processCpuSeconds(pid);
  const t0 = Date.now();
  await sleep(WINDOW_MS);
  const cpu = ((processCpuSeconds(pid) - c0) / ((Date.now() - t0) / 1000)) * 100;
  const s1 = await stats();
  const got = s1.viewers.map((v, i) => v.packets - (s0.viewers[i]?.packets ?? 0));
  const sent = s1.received - s0.received;
  for (const c of [feed, fwd.child, view.child]) c.kill('SIGKILL');
  return {
    cpuPct: cpu,
    packetsPerSecond: round(sent / (WINDOW_MS / 1000), 0),
    delivery: viewers > 0 ? round(Math.min(...got) / sent, 3) : 1,
    allGotIdr: stack === 'udp' || s1.viewers.every((v) => v.idr),
  };
}

async function main() {
  const load = new LoadWindow();
  const file = sample();
  const baseline = await run('udp', file, 0);
  console.log(`baseline (receiving, no viewer): ${round(baseline.cpuPct)} % of a core`);
  const stacks: Record<string, object> = {};
  let chosen:
    | { perViewerPct: number; viewersPerCore: number; delivery: number; allGotIdr: boolean }
    | undefined;
  for (const stack of STACKS) {
    // A stack that fails here is recorded as such; only the chosen one's failure ends the bench.
    const r = await run(stack, file, VIEWERS).catch((err: Error) => {
      if (stack === CHOSEN) throw err;
      stacks[stack] = { error: err.message };
      console.log(`${stack}, ${VIEWERS} viewers: ${err.message}`);
      for (const c of children) c.kill('SIGKILL');
    });
    if (!r) continue;
    const perViewerPct = round((r.cpuPct - baseline.cpuPct) / VIEWERS, 2);
    const viewersPerCore = Math.floor(100 / Math.max(perViewerPct, 0.01));
    const row = {
      cpuPct: round(r.cpuPct),
      perViewerPct,
      viewersPerCore,
      delivery: r.delivery,
      allGotIdr: r.allGotIdr,
    };
    console.log(`${stack}, ${VIEWERS} viewers: ${JSON.stringify(row)}`);
    stacks[stack] = { ...row, packetsPerSecond: r.packetsPerSecond };
    if (stack === CHOSEN) chosen = row;
  }
  const met =
    !!chosen &&
    chosen.viewersPerCore >= VIEWERS_PER_CORE_GOAL &&
    chosen.delivery >= DELIVERY_GOAL &&
    chosen.allGotIdr;
  const result = {
    windowSeconds: WINDOW_MS / 1000,
    viewers: VIEWERS,
    program:
      '1280x720 30 fps H.264 constrained baseline, no B-frames, 2.5 Mbit/s, GOP 2 s + Opus 96 kbit/s, RTP',
    baselinePct: round(baseline.cpuPct),
    stacks,
    chosen: CHOSEN,
    goals: { viewersPerCoreMin: VIEWERS_PER_CORE_GOAL, deliveryMin: DELIVERY_GOAL },
    load: load.end(),
  };
  console.log(JSON.stringify(result, null, 2));
  const line = Object.entries(stacks)
    .map(([k, v]) => `${k} ${(v as { perViewerPct: number }).perViewerPct} % per viewer`)
    .join(', ');
  writeResult(
    'webrtc-cost',
    result,
    `720p30 over WebRTC, ${VIEWERS} viewers, % of a core per viewer: ${line}; ${CHOSEN} ${chosen?.viewersPerCore ?? '?'} viewers per core (goal >= ${VIEWERS_PER_CORE_GOAL}); load ${result.load.start}-${result.load.max}${met ? '' : ' — GOAL MISSED'}`,
  );
  return met;
}

main()
  .then((met) => (process.exitCode = met ? 0 : 1))
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const c of children) c.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    process.exit();
  });
