/**
 * The clip job (issue 14): cuts the secured inputs (clip-inputs.ts) into the clip media's file. DVR clips:
 * the fast cut (whole segments, copied) is published first, then the exact cut (re-encoded to the asked
 * frames, from the fast MP4) replaces it under the same media id. Media clips are cut exactly at once:
 * a stored file has no segments to snap to. A cancelled job publishes nothing further (the clip service
 * then deletes the media, see clips.service.ts `jobEnded`).
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exactClipOfMedia, exactClipOfMp4, fastClip } from '@stromwerk/media/clip-args';
import { fastCutOf, type PlaylistSegment, parsePlaylist, windowOf } from '@stromwerk/media/hls-playlist';
import { probeMedia } from '@stromwerk/media/probe';
import { runToCompletion } from '@stromwerk/media/run-to-completion';
import type { MediaFile } from '../../db/schema/media';
import { sharedRoot } from '../../plugins/config';
import { etaSeconds, freshJobDir } from '../jobs/job-files';
import type { JobContext } from '../jobs/job-worker';
import type { MediaJobDeps } from '../jobs/media-job-handlers';
import { isStill, makeStills } from '../jobs/media-stills';
import { storedInput } from '../medias/media-input';
import type { MediaRow } from '../medias/medias.repository';
import { mediaKey } from '../medias/medias.service';
import { programDir } from '../outputs/program-engine';
import { type ClipPlanFile, clipInputsDir, readPlan, removeClipInputs, secureSegments } from './clip-inputs';

const POLL_MS = 500;
/** How long past the asked end a segment may take to appear before the clip ends where the stream did. */
const LATE_MS = 30_000;

type Ctx = JobContext & { deps: MediaJobDeps; media: MediaRow; dir: string; inputs: string };

export async function clipJob(deps: MediaJobDeps, ctx: JobContext) {
  const media = ctx.job.mediaId ? await deps.medias.repo.byId(ctx.job.mediaId) : undefined;
  if (!media) throw new Error('The clip no longer exists');
  const inputs = clipInputsDir(sharedRoot(deps), media.id);
  const plan = await readPlan(inputs);
  const c: Ctx = { ...ctx, deps, media, inputs, dir: await freshJobDir(deps.dataDir, ctx.job.id) };
  if (plan.kind === 'output') await dvrClip(c, plan);
  else await mediaClip(c, plan);
  await removeClipInputs(sharedRoot(deps), media.id);
  return { resultMediaId: media.id };
}

const run = (c: Ctx, args: string[], durationMs?: number, span: [number, number] = [0, 1]) => {
  const started = Date.now();
  return runToCompletion(args, {
    command: c.deps.ffmpegPath,
    signal: c.signal,
    label: `job ${c.job.id}`,
    durationMs,
    onProgress: (p) => {
      if (p.fraction === null) return;
      const f = span[0] + (span[1] - span[0]) * p.fraction;
      c.progress(f, etaSeconds(f, started));
    },
  });
};

async function dvrClip(c: Ctx, plan: Extract<ClipPlanFile, { kind: 'output' }>) {
  const segments = plan.waits ? await awaitEnd(c, plan) : plan.segments;
  if (segments.length === 0) throw new Error('The stream wrote nothing of the asked range');
  // The range the fast-cut route predicted, by the same rule.
  const cut = fastCutOf(segments)!;
  const fast = join(c.dir, 'fast.mp4');
  await run(
    c,
    fastClip(
      segments.map((s) => join(c.inputs, s.uri)),
      fast,
    ),
  );
  c.progress(0.1);
  const toMs = Math.min(plan.toMs, cut.endMs);
  if (plan.mode !== 'exact') await publish(c, fast, 'segment', { from: cut.startMs, to: cut.endMs });
  if (plan.mode === 'fast') return;
  const exact = join(c.dir, 'exact.mp4');
  await run(
    c,
    exactClipOfMp4(fast, plan.fromMs - cut.startMs, toMs - plan.fromMs, exact),
    toMs - plan.fromMs,
    [0.1, 0.9],
  );
  await publish(c, exact, 'frame', { from: plan.fromMs, to: toMs });
}

async function mediaClip(c: Ctx, plan: Extract<ClipPlanFile, { kind: 'media' }>) {
  const source = await c.deps.medias.repo.byId(plan.sourceMediaId);
  const original = source?.files.find((f) => f.kind === 'original');
  if (!source || !original) throw new Error('The media the clip is cut from no longer exists');
  const input = await storedInput(c.deps.storage, source, original);
  const exact = join(c.dir, 'exact.mp4');
  const durationMs = plan.outMs - plan.inMs;
  await run(c, exactClipOfMedia(input, plan.inMs, durationMs, exact), durationMs, [0, 0.9]);
  await publish(c, exact, 'frame', null);
}

/**
 * A live clip whose end was not written when asked: links each new segment of the range as it appears,
 * until the playlist passes the end (or the stream stops writing: then the clip ends where it did).
 */
async function awaitEnd(c: Ctx, plan: Extract<ClipPlanFile, { kind: 'output' }>) {
  const hlsDir = programDir(sharedRoot(c.deps), plan.outputId);
  const have = new Map(plan.segments.map((s) => [s.uri, s]));
  const giveUpAt = Math.max(Date.now(), plan.toMs) + LATE_MS;
  for (;;) {
    c.signal.throwIfAborted();
    const text = await readFile(join(hlsDir, 'index.m3u8'), 'utf8').catch(() => '');
    const { segments } = parsePlaylist(text);
    const wanted = segments.filter(
      (s) => !have.has(s.uri) && s.startMs < plan.toMs && s.startMs + s.durationMs > plan.fromMs,
    );
    if (await secureSegments(hlsDir, c.inputs, wanted)) for (const s of wanted) have.set(s.uri, s);
    const end = windowOf(segments)?.endMs ?? 0;
    if (end >= plan.toMs || Date.now() > giveUpAt) break;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return [...have.values()].sort((a, b) => a.startMs - b.startMs) as PlaylistSegment[];
}

/**
 * Makes `file` the clip's original (replacing an earlier cut): playable first, then its stills (once: the
 * fast cut's thumbnail and preview stay good for the exact cut, which differs by less than a segment).
 */
async function publish(
  c: Ctx,
  file: string,
  accuracy: 'segment' | 'frame',
  range: { from: number; to: number } | null,
) {
  const { deps, media } = c;
  const probe = await probeMedia({ url: file, format: 'mov' }, deps.ffprobePath, 30_000);
  const current = (await deps.medias.repo.byId(media.id)) ?? media;
  const before = current.files.find((f) => f.kind === 'original');
  const stills = current.files.filter((f) => isStill(f.kind));
  await deps.medias.checkQuota(media.corporationId!, 0);
  c.signal.throwIfAborted();
  // Storage takes the file over (a rename): the fast cut stays behind as the exact cut's input.
  const imported = `${file}.publish`;
  await copyFile(file, imported);
  const bucketRef = mediaKey(media.id, 'original', accuracy === 'segment' ? '.fast.mp4' : '.mp4');
  const size = await deps.storage.importFile(bucketRef, imported);
  if (c.signal.aborted) {
    // Cancelled meanwhile: the clip service removes the row and the files it names; this one it does not.
    if (before?.bucketRef !== bucketRef) await deps.storage.remove(bucketRef);
    c.signal.throwIfAborted();
  }
  const original: MediaFile = { kind: 'original', bucketRef, size, mimeType: 'video/mp4' };
  const { durationMs, ...info } = probe;
  const clip = current.clip
    ? {
        ...current.clip,
        accuracy,
        ...(range ? { from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() } : {}),
      }
    : null;
  const row = await deps.medias.repo.update(media.id, {
    files: [original, ...stills],
    probe: info,
    sizeBytes: size,
    durationMs,
    status: 'ready',
    error: null,
    clip,
    uploadedAt: new Date(),
  });
  if (before && before.bucketRef !== bucketRef) await deps.storage.remove(before.bucketRef);
  if (row) deps.medias.changed(row, 'updated');
  if (stills.length > 0) return;
  const dir = join(c.dir, 'stills');
  await mkdir(dir, { recursive: true });
  const made = await makeStills({
    storage: deps.storage,
    media: { id: media.id, probe: info, durationMs },
    input: { url: file, format: 'mov' },
    dir,
    run: (args) => run(c, args),
  });
  c.signal.throwIfAborted();
  const withStills = await deps.medias.repo.update(media.id, { files: [original, ...made] });
  if (withStills) deps.medias.changed(withStills, 'updated');
}
