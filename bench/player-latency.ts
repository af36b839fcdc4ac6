// Player & recorder timings (issue 6). Run: npx tsx bench/player-latency.ts
// 1. For each latency mode: publish -> first playable segment of the program (playlist lists a segment).
// 2. The failover decision: main and backup are live, main is killed (SIGKILL, as a dropped encoder) ->
//    the program's input reads backup (hot standby switches inside the running writer, with no
//    discontinuity; what a viewer sees of it is bench/glass-to-glass.ts). Goal < 1.5 s: main is found
//    dead after 500 ms of silence (the media test apps/server/test/media/program-failover.test.ts asserts
//    the switch and its order, not its time).
// 3. Low latency's blocking playlist reload: a request for the part after the next one, answered once it
//    is listed (the media test outputs.test.ts asserts the answer lists it, not how long it took).
// Everything runs on 127.0.0.1 with real ffmpeg publishers; each wait is bounded.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { playlistEdge, playlistHas } from '@stromwerk/media/ll-hls-playlist';
import { publishTestStream } from '../scripts/lib/test-support.mjs';
import { inProcessApp } from './lib/in-process-app';
import { writeResult } from './lib/results';

/** Main found dead after 500 ms of silence; the rest is the decision and the API, on a busy machine. */
const FAILOVER_GOAL_MS = 1500;
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** An encoder like OBS: 720p30 H.264 with a keyframe every 2 s, AAC audio, in real time. */
const publish = (url: string) => {
  const c = publishTestStream(url, { size: '1280x720', rate: 30 });
  children.push(c);
  return c;
};
const segmentsIn = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('seg_'));
  } catch {
    return [];
  }
};
async function until<T>(check: () => T | undefined | false, ms: number): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = check();
    if (v) return v;
    await sleep(20);
  }
  throw new Error('timed out');
}

async function main() {
  const { app, api, rtmpPort, workspaceId, close } = await inProcessApp();
  const source = async (name: string) => {
    const s = await api.sources.create({ body: { workspaceId, name, type: 'rtmp' } });
    const { streamKey } = await api.sources.streamKey({ params: { id: s.id } });
    return { id: s.id, url: `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}` };
  };
  const playlistOf = (outputId: string) => join(app.programs!.hlsDir(outputId), 'index.m3u8');

  /** `rounds` blocking reloads, each for the part after the next one: how long each was held. */
  const blockingReloads = async (outputId: string, rounds: number) => {
    const session = await app.inject({ method: 'POST', url: `/v1/play/${outputId}/session`, payload: {} });
    const hlsUrl = session.json().hlsUrl as string;
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const edge = playlistEdge((await app.inject({ url: hlsUrl })).body);
      const ask = { msn: edge.lastComplete + 1, part: edge.openParts + 1 };
      const at = Date.now();
      const answer = await app.inject({ url: `${hlsUrl}?_HLS_msn=${ask.msn}&_HLS_part=${ask.part}` });
      times.push(Date.now() - at);
      if (!playlistHas(playlistEdge(answer.body), ask.msn, ask.part)) throw new Error('held to its time-out');
      console.log(`blocking reload for part ${ask.msn}.${ask.part}: answered after ${times.at(-1)} ms`);
    }
    return times;
  };
  const blockingReloadMs: number[] = [];
  const firstSegmentMs: Record<string, number> = {};
  for (const latency of ['low', 'normal', 'high', 'very-high'] as const) {
    const main = await source(`Main ${latency}`);
    const out = await api.outputs.create({
      body: { workspaceId, name: `Bench ${latency}`, mainSourceId: main.id, latency },
    });
    const started = Date.now();
    const encoder = publish(main.url);
    await until(() => segmentsIn(playlistOf(out.id)).length > 0, 60_000);
    firstSegmentMs[latency] = Date.now() - started;
    console.log(`${latency}: first segment after ${firstSegmentMs[latency]} ms`);
    if (latency === 'low') blockingReloadMs.push(...(await blockingReloads(out.id, 5)));
    encoder.kill('SIGKILL');
    await api.outputs.update({ params: { id: out.id }, body: { mainSourceId: null } });
    await sleep(1000);
  }

  const gaps: number[] = [];
  for (let run = 0; run < 3; run++) {
    const main = await source(`Failover main ${run}`);
    const backup = await source(`Failover backup ${run}`);
    const out = await api.outputs.create({
      body: {
        workspaceId,
        name: `Failover ${run}`,
        mainSourceId: main.id,
        backupSourceId: backup.id,
        latency: 'low',
      },
    });
    const mainEncoder = publish(main.url);
    const backupEncoder = publish(backup.url);
    await until(() => segmentsIn(playlistOf(out.id)).length >= 3, 60_000);
    const killed = Date.now();
    mainEncoder.kill('SIGKILL');
    let input = '';
    while (input !== 'backup' && Date.now() - killed < 60_000) {
      input = (await api.outputs.get({ params: { id: out.id } })).input;
      await sleep(20);
    }
    gaps.push(Date.now() - killed);
    console.log(`failover ${run}: program on backup after ${gaps.at(-1)} ms`);
    backupEncoder.kill('SIGKILL');
    await api.outputs.update({ params: { id: out.id }, body: { mainSourceId: null, backupSourceId: null } });
    await sleep(1000);
  }
  await close();
  const sorted = [...gaps].sort((a, b) => a - b);
  const reloads = [...blockingReloadMs].sort((a, b) => a - b);
  const result = {
    firstSegmentMs,
    failoverGapMs: gaps,
    failoverGapMedianMs: sorted[1],
    failoverGoalMs: FAILOVER_GOAL_MS,
    blockingReloadMs,
    blockingReloadMedianMs: reloads[Math.floor(reloads.length / 2)],
    loadAverage1m: loadavg()[0],
  };
  const worst = Math.max(...gaps);
  writeResult(
    'player-latency',
    result,
    `publish -> first playable segment: low ${firstSegmentMs.low} ms, normal ${firstSegmentMs.normal} ms, high ${firstSegmentMs.high} ms, very high ${firstSegmentMs['very-high']} ms; failover (main killed -> program input backup) ${gaps.join(' / ')} ms, median ${sorted[1]} ms (goal < ${FAILOVER_GOAL_MS}: ${worst < FAILOVER_GOAL_MS ? 'pass' : 'FAIL'}); low-latency blocking reload for the part after next held ${blockingReloadMs.join(' / ')} ms; load ${loadavg()[0]!.toFixed(1)}`,
  );
}

try {
  await main();
} finally {
  for (const c of children) c.kill('SIGKILL');
}
