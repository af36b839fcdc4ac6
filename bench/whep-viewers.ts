// How many WHEP viewers one core serves on the real server path (issue 35). Run: npx tsx bench/whep-viewers.ts
// The whole server runs in this process (bench/lib/in-process-app.ts, WebRTC on 127.0.0.1); a realtime
// player plays a 1280x720 30 fps source at 2.5 Mbit/s with sound (the glass-to-glass bench's encoder,
// an ffmpeg of its own), so the writer copies its picture and sends the program as RTP to this process.
// N viewers (BENCH_VIEWERS, 30) are werift peers in a process of their own (bench/lib/webrtc-viewers.ts),
// each with its own viewer session, offering through the WHEP service as the route does (the route's
// rate limit of 30 offers a minute per address is left out: all come from 127.0.0.1). This process's CPU
// (user + system, every thread: libdatachannel's too) is measured over BENCH_WINDOW seconds (10) with
// no viewer, with N, and with none again; viewers per core = N / (with N - mean of the two without, as
// a fraction of a core). Delivery: the fewest packets any viewer got over the packets the program's RTP
// source forwarded in the window (a server that drops packets must not look cheap), and every viewer
// must have received an IDR. Goal: >= 50 viewers per core, delivery >= 0.95; exits 1 when missed.
import type { ChildProcess } from 'node:child_process';
import { clockEncoder } from './lib/clock-picture';
import { inProcessApp } from './lib/in-process-app';
import { loopbackOnly, tsChild } from './lib/ipc-child';
import { LoadWindow } from './lib/load';
import { processCpuSeconds } from './lib/proc-cpu';
import { writeResult } from './lib/results';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 30);
const WINDOW_MS = Number(process.env.BENCH_WINDOW ?? 10) * 1000;
const WARMUP_MS = 3000;
const VIEWERS_PER_CORE_GOAL = 50;
const DELIVERY_GOAL = 0.95;
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

const load = new LoadWindow();
const { app, api, rtmpPort, workspaceId, close } = await inProcessApp({ WEBRTC_BIND_ADDRESS: '127.0.0.1' });
const { play, whep, realtime } = app.services;

async function realtimePlayer() {
  const s = await api.sources.create({ body: { workspaceId, name: 'WHEP cam', type: 'rtmp' } });
  const { streamKey } = await api.sources.streamKey({ params: { id: s.id } });
  const out = await api.outputs.create({
    body: { workspaceId, name: 'WHEP viewers', mainSourceId: s.id, latency: 'realtime' },
  });
  children.push(clockEncoder(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, 'realistic'));
  const end = Date.now() + 90_000;
  while (!((await api.outputs.get({ params: { id: out.id } })).input === 'main' && realtime.source(out.id))) {
    if (Date.now() > end) throw new Error('the realtime program did not go live in 90 s');
    await sleep(250);
  }
  return out.id;
}

/** % of one core this process used over the window, and the packets its RTP source forwarded. */
async function cpuWindow(packets: () => number) {
  const [c0, p0, t0] = [processCpuSeconds(process.pid), packets(), Date.now()];
  await sleep(WINDOW_MS);
  const seconds = (Date.now() - t0) / 1000;
  return { cpuPct: ((processCpuSeconds(process.pid) - c0) / seconds) * 100, forwarded: packets() - p0 };
}

type ViewerStat = { packets: number; video: number; idr: boolean };

async function main() {
  const outputId = await realtimePlayer();
  let forwarded = 0;
  realtime.source(outputId)!.subscribe(() => forwarded++);
  const packets = () => forwarded;
  // The program's first seconds (the writer starting, the first playlist) are not its steady cost.
  await sleep(3 * WARMUP_MS);
  const before = await cpuWindow(packets);
  console.log(`no viewer: ${round(before.cpuPct)} % of a core`);

  const view = tsChild('webrtc-viewers.ts', [], children);
  await view.next('ready');
  const resources: string[] = [];
  // WHEP's exchange over IPC: each viewer's offer to the service with a session of its own, the answer back.
  view.child.on('message', async (m: { offer?: string; id?: number }) => {
    if (m.offer === undefined) return;
    const { token } = await play.session(outputId, {});
    const { answer, resource } = await whep.offer(outputId, token, loopbackOnly(m.offer));
    resources.push(resource);
    view.send({ answer: loopbackOnly(answer), id: m.id });
  });
  view.send({ add: VIEWERS });
  await view.next('added', 60_000);
  const stats = async () => {
    view.send({ stats: true });
    return view.next<ViewerStat[]>('stats');
  };
  const started = Date.now();
  while ((await stats()).some((v) => v.packets === 0)) {
    if (Date.now() - started > 20_000) throw new Error('a viewer received nothing in 20 s');
    await sleep(250);
  }
  await sleep(WARMUP_MS);
  const s0 = await stats();
  const withViewers = await cpuWindow(packets);
  const s1 = await stats();
  const got = s1.map((v, i) => v.packets - (s0[i]?.packets ?? 0));
  const delivery = round(Math.min(...got) / Math.max(1, withViewers.forwarded), 3);
  const allGotIdr = s1.every((v) => v.idr);
  const connected = whep.size;
  console.log(`${VIEWERS} viewers (${connected} connected): ${round(withViewers.cpuPct)} % of a core`);

  for (const r of resources) whep.end(outputId, r);
  view.child.kill('SIGKILL');
  await sleep(WARMUP_MS);
  const after = await cpuWindow(packets);
  console.log(`no viewer again: ${round(after.cpuPct)} % of a core`);

  const baselinePct = (before.cpuPct + after.cpuPct) / 2;
  const extraPct = withViewers.cpuPct - baselinePct;
  const perViewerPct = round(extraPct / VIEWERS, 2);
  const viewersPerCore = Math.floor(VIEWERS / Math.max(extraPct / 100, 1e-4));
  const met = viewersPerCore >= VIEWERS_PER_CORE_GOAL && delivery >= DELIVERY_GOAL && allGotIdr;
  const result = {
    viewers: VIEWERS,
    windowSeconds: WINDOW_MS / 1000,
    program:
      '1280x720 30 fps H.264 (x264 veryfast zerolatency, copied), 2.5 Mbit/s, GOP 2 s + Opus 96 kbit/s, RTP',
    serverPct: {
      noViewer: round(before.cpuPct),
      withViewers: round(withViewers.cpuPct),
      noViewerAgain: round(after.cpuPct),
    },
    extraPct: round(extraPct),
    perViewerPct,
    viewersPerCore,
    connected,
    delivery,
    allGotIdr,
    packetsPerSecond: round(withViewers.forwarded / (WINDOW_MS / 1000), 0),
    goals: { viewersPerCoreMin: VIEWERS_PER_CORE_GOAL, deliveryMin: DELIVERY_GOAL },
    load: load.end(),
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult(
    'whep-viewers',
    result,
    `${VIEWERS} werift WHEP viewers of a 720p30 realtime player: server ${result.serverPct.noViewer} -> ${result.serverPct.withViewers} % of a core (${result.serverPct.noViewerAgain} after), ${perViewerPct} % per viewer, ${viewersPerCore} viewers per core (goal >= ${VIEWERS_PER_CORE_GOAL}), delivery ${delivery}; load ${result.load.start}-${result.load.max}${met ? '' : ' — GOAL MISSED'}`,
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
  whep.closeAll();
  await app.close();
  await close().catch(() => undefined);
}
process.exit(met ? 0 : 1);
