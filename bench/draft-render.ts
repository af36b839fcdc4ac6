// Video Editor render speed (issue 15). Run: npx tsx bench/draft-render.ts
// A 60 s 1280x720@30 draft of three clips of one 720p source, a fade, a logo and a music bed, rendered with
// the production builder (`buildDraftRender`), against a plain ffmpeg transcode of 60 s of the same source
// with the same encoder settings, in the same run (goal: at most 1.5x). And the lossless path (three cuts,
// stream copy) for the same cuts (goal: under 2 s).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { draftOutputSchema, timelineSchema } from '@stromwerk/contracts/drafts';
import { buildDraftRender, type DraftSource } from '@stromwerk/media/draft-args';
import { writeResult } from './lib/results';

const cache = join(import.meta.dirname, '.cache');
const q = ['-hide_banner', '-loglevel', 'error', '-y'];
const work = mkdtempSync(join(tmpdir(), 'sw-draft-bench-'));

function cached(name: string, args: string[]) {
  const file = join(cache, name);
  if (!existsSync(file)) {
    mkdirSync(cache, { recursive: true });
    console.log(`making ${name} once ...`);
    execFileSync('ffmpeg', [...q, ...args, file]);
  }
  return file;
}

const source = cached('draft-source-720p-90s.mp4', [
  ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=90'],
  ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=90'],
  ...[
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '60',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-ac',
    '2',
  ],
]);
const logo = cached('draft-logo.png', [
  '-f',
  'lavfi',
  '-i',
  'color=c=0x00ff00:size=128x64',
  '-frames:v',
  '1',
]);
const music = cached('draft-music.wav', [
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=880:sample_rate=48000:duration=70',
]);
const S = '00000000-0000-4000-8000-000000000001';
const L = '00000000-0000-4000-8000-000000000002';
const M = '00000000-0000-4000-8000-000000000003';
const video = { codec: 'h264', width: 1280, height: 720, fps: 30 };
const stereo = { codec: 'aac', sampleRate: 48000, channels: 2 };
const sources: Record<string, DraftSource> = {
  [S]: { input: { url: source, format: 'mov' }, durationMs: 90_000, video, audio: stereo },
  [L]: {
    input: { url: logo, format: 'png_pipe' },
    durationMs: 0,
    video: { ...video, codec: 'png' },
    audio: null,
  },
  [M]: { input: { url: music, format: 'wav' }, durationMs: 70_000, video: null, audio: stereo },
};
// Cuts on the source's 2 s keyframes, so the lossless path is exact too: 20 + 20 + 20 s, one 1 s fade.
const cuts = [
  { id: 'c1', mediaId: S, inMs: 0, outMs: 20_000 },
  { id: 'c2', mediaId: S, inMs: 30_000, outMs: 50_000 },
  { id: 'c3', mediaId: S, inMs: 60_000, outMs: 81_000 },
];
const full = timelineSchema.parse({
  main: cuts.map((c, i) => (i === 0 ? { ...c, transitionOut: { type: 'fade', durationMs: 1000 } } : c)),
  overlays: [{ id: 'l1', type: 'image', mediaId: L, atMs: 0, durationMs: 60_000, x: 0.85, y: 0.05, w: 0.1 }],
  audio: [
    { id: 'a1', clips: [{ id: 'm1', mediaId: M, inMs: 0, atMs: 0, durationMs: 60_000, volumeDb: -12 }] },
  ],
});
const plainCuts = timelineSchema.parse({ main: cuts.map((c, i) => (i === 2 ? { ...c, outMs: 80_000 } : c)) });

function render(
  name: string,
  t: typeof full,
  output = draftOutputSchema.parse({ size: '1280x720', fps: 30 }),
) {
  const files = {
    output: join(work, `${name}.mp4`),
    graphFile: join(work, `${name}-graph.txt`),
    listFile: join(work, `${name}-list.txt`),
    textFile: (i: number) => join(work, `${name}-text-${i}.txt`),
  };
  const plan = buildDraftRender(t, output, sources, files);
  if (plan.graph) writeFileSync(files.graphFile, plan.graph);
  if (plan.concatList) writeFileSync(files.listFile, plan.concatList);
  const started = performance.now();
  execFileSync('ffmpeg', plan.args);
  return { ms: performance.now() - started, lossless: plan.lossless, durationMs: plan.durationMs };
}

function baseline() {
  const started = performance.now();
  execFileSync('ffmpeg', [
    ...q,
    ...['-t', '60', '-i', source],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-r', '30'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', '-f', 'mp4', join(work, 'baseline.mp4')],
  ]);
  return performance.now() - started;
}

// Interleaved, twice: the machine is shared, so each ratio compares neighbours in time.
const rounds = [];
for (let i = 0; i < 2; i++) {
  const base = baseline();
  const draft = render(`draft-${i}`, full);
  const copy = render(`copy-${i}`, plainCuts);
  rounds.push({
    baselineMs: Math.round(base),
    draftMs: Math.round(draft.ms),
    losslessMs: Math.round(copy.ms),
    lossless: copy.lossless,
  });
  console.log(rounds.at(-1));
}
const ratio = Math.min(...rounds.map((r) => r.draftMs / r.baselineMs));
const lossless = Math.min(...rounds.map((r) => r.losslessMs));
const pass = (ok: boolean) => (ok ? 'pass' : 'FAIL');
writeResult(
  'draft-render',
  { rounds, goals: { ratioMax: 1.5, losslessMsMax: 2000 } },
  `60 s 720p draft (3 clips, fade, logo, music bed) ${ratio.toFixed(2)}x a plain 60 s transcode ` +
    `(best of ${rounds.length}; goal <= 1.5: ${pass(ratio <= 1.5)}); the same cuts as a stream copy ${lossless} ms ` +
    `(goal < 2000: ${pass(lossless < 2000)})`,
);
