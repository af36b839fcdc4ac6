// Player & recorder timings (issue 6). Run: npx tsx bench/player-latency.ts
// 1. For each latency mode: publish -> first playable segment of the program (playlist lists a segment).
// 2. The failover decision: main and backup are live, main is killed (SIGKILL, as a dropped encoder) ->
//    the program's input reads backup (hot standby switches inside the running writer, with no
//    discontinuity; what a viewer sees of it is bench/glass-to-glass.ts).
// Everything runs on 127.0.0.1 with real ffmpeg publishers; each wait is bounded.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishTestStream } from '../scripts/lib/test-support.mjs';
import { inProcessApp } from './lib/in-process-app';
import { writeResult } from './lib/results';

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
  const result = { firstSegmentMs, failoverGapMs: gaps, failoverGapMedianMs: sorted[1] };
  writeResult(
    'player-latency',
    result,
    `publish -> first playable segment: low ${firstSegmentMs.low} ms, normal ${firstSegmentMs.normal} ms, high ${firstSegmentMs.high} ms, very high ${firstSegmentMs['very-high']} ms; failover (main killed -> program input backup) ${gaps.join(' / ')} ms, median ${sorted[1]} ms`,
  );
}

try {
  await main();
} finally {
  for (const c of children) c.kill('SIGKILL');
}
