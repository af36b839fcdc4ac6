// How the player's playlists are delivered (issue 30 item 2). Run: npx tsx bench/hls-delivery.ts
// A high-latency player (4 s segments, DVR) and a low-latency one run on real ffmpeg publishers; once the
// DVR playlist offers delta updates: bytes per listed segment with the token on every line (the query
// address) and token-free (the signed path prefix), extrapolated to a day of 8 s segments; the delta
// update as served; and ffmpeg, a second HLS client, reading each playlist through the signed prefix for
// READ_SECONDS with no error. About 2 minutes. (Compression of a whole day needs a day's playlist: the
// unit test packages/media/test/hls-delta.test.ts measures it on a synthetic one.)
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { ffmpeg, freePort, publishTestStream } from '../scripts/lib/test-support.mjs';
import { inProcessApp } from './lib/in-process-app';
import { writeResult } from './lib/results';

const READ_SECONDS = Number(process.env.READ_SECONDS ?? 60);
const DAY_SEGMENTS = 86_400 / 8;
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const port = await freePort();
const { app, api, rtmpPort, workspaceId, close } = await inProcessApp({ PORT: String(port) });
await app.listen({ port, host: '127.0.0.1' });
const load = [loadavg()[0]!];

async function player(latency: 'low' | 'high') {
  const s = await api.sources.create({ body: { workspaceId, name: `Delivery ${latency}`, type: 'rtmp' } });
  const { streamKey } = await api.sources.streamKey({ params: { id: s.id } });
  const out = await api.outputs.create({
    body: { workspaceId, name: `Delivery ${latency}`, mainSourceId: s.id, latency },
  });
  children.push(publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, { size: '1280x720' }));
  while ((await api.outputs.get({ params: { id: out.id } })).input !== 'main') await sleep(200);
  const session = await app.inject({ method: 'POST', url: `/v1/play/${out.id}/session`, payload: {} });
  return { id: out.id, token: session.json().token as string, hlsUrl: session.json().hlsUrl as string };
}
const get = (url: string, encoding?: string) =>
  app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });
const segmentsOf = (text: string) => text.split('\n').filter((l) => /^seg_/.test(l)).length;

/** ffmpeg reads the playlist for READ_SECONDS of media: its exit code and what it printed at `error`. */
function secondClient(url: string) {
  const reader = ffmpeg(['-i', url, '-t', String(READ_SECONDS), '-c', 'copy', '-f', 'null', '-']);
  children.push(reader);
  return new Promise<{ code: number | null; errors: string }>((resolve) =>
    reader.once('exit', (code) => resolve({ code, errors: (reader as unknown as { log(): string }).log() })),
  );
}

try {
  const [dvr, low] = [await player('high'), await player('low')];
  // CAN-SKIP-UNTIL is offered once the DVR playlist holds more than six target durations (24 s) plus one.
  while (!(await get(dvr.hlsUrl)).body.includes('CAN-SKIP-UNTIL')) await sleep(1000);
  const reads = Promise.all([
    secondClient(`http://127.0.0.1:${port}${dvr.hlsUrl}`),
    secondClient(`http://127.0.0.1:${port}${low.hlsUrl}`),
  ]);
  const signed = (await get(dvr.hlsUrl)).body;
  const legacy = (await get(`/v1/play/${dvr.id}/index.m3u8?t=${dvr.token}`)).body;
  const n = segmentsOf(signed);
  const perSegment = {
    tokenOnEveryLine: Math.round(Buffer.byteLength(legacy) / n),
    signedPrefix: Math.round(Buffer.byteLength(signed) / n),
  };
  // Uncompressed (no Accept-Encoding): the size itself, whatever a client accepts.
  const delta = await get(`${dvr.hlsUrl}?_HLS_skip=YES`);
  const dayKB = (bytes: number) => Math.round((bytes * DAY_SEGMENTS) / 1024);
  const sizes = {
    segmentsListed: n,
    bytesPerSegment: perSegment,
    dayOfDvrKB: {
      before: dayKB(perSegment.tokenOnEveryLine),
      after: dayKB(perSegment.signedPrefix),
    },
    deltaUpdateBytes: delta.rawPayload.length,
    deltaSkipped: Number(/SKIPPED-SEGMENTS=(\d+)/.exec(delta.body)?.[1] ?? 0),
  };
  console.log(JSON.stringify(sizes, null, 2));
  const [dvrRead, lowRead] = await reads;
  load.push(loadavg()[0]!);
  const clean = (r: { code: number | null; errors: string }) => r.code === 0 && r.errors === '';
  writeResult(
    'hls-delivery',
    { sizes, secondClient: { readSeconds: READ_SECONDS, dvr: dvrRead, low: lowRead }, loadAverage: load },
    `a day of DVR playlist ${sizes.dayOfDvrKB.before} kB with the token on every line -> ${sizes.dayOfDvrKB.after} kB token-free (extrapolated from ${n} real 4 s segments); a delta reload ${sizes.deltaUpdateBytes} B (goal < 50 kB: ${sizes.deltaUpdateBytes < 50 * 1024 ? 'pass' : 'FAIL'}); ffmpeg read ${READ_SECONDS} s of the DVR and the LL-HLS playlist: ${clean(dvrRead) && clean(lowRead) ? 'no error' : `ERRORS ${JSON.stringify([dvrRead, lowRead])}`}; load ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}`,
  );
} finally {
  for (const c of children) c.kill('SIGKILL');
  await close();
}
