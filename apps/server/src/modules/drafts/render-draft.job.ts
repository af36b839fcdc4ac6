import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DraftOutput, Timeline } from '@stromwerk/contracts/drafts';
import { buildDraftRender, copyBlockers, type DraftSource } from '@stromwerk/media/draft-args';
import { probeKeyframes } from '@stromwerk/media/keyframes';
import { runToCompletion } from '@stromwerk/media/run-to-completion';
import { importRender } from '../jobs/import-render';
import { etaSeconds, freshJobDir } from '../jobs/job-files';
import type { JobContext } from '../jobs/job-worker';
import type { MediaJobDeps } from '../jobs/media-job-handlers';
import { storedInput } from '../medias/media-input';
import { draftProblems, mediaIdsOf, sourceFacts } from './draft-sources';
import type { DraftsRepository } from './drafts.repository';

interface RenderPayload {
  draftId: string;
  revision: number;
  timeline: Timeline;
  output: DraftOutput;
}

/**
 * Renders the draft's snapshot (taken when the render was asked for) into a new media of origin render
 * (originId = the draft); the source media stay as they are. Media are read only from the draft's own
 * workspace, and checked again here: one deleted since the request fails the job with its clip named.
 */
export async function renderDraftJob(deps: MediaJobDeps & { drafts: DraftsRepository }, ctx: JobContext) {
  const { job, signal, progress } = ctx;
  const p = job.payload as RenderPayload;
  const draft = await deps.drafts.byId(p.draftId);
  if (!draft) throw new Error('The draft no longer exists');
  const library = await deps.drafts.mediaIn(job.workspaceId, mediaIdsOf(p.timeline));
  const problems = draftProblems(p.timeline, library);
  if (problems.length > 0) throw new Error(problems.map((x) => `${x.clipId}: ${x.message}`).join('; '));
  const sources: Record<string, DraftSource> = {};
  for (const m of library) {
    const original = m.files.find((f) => f.kind === 'original')!;
    sources[m.id] = { input: await storedInput(deps.storage, m, original), ...sourceFacts(m) };
  }
  // A stream copy starts each clip on the keyframe at or before its In: the editor showed that range
  // (GET /v1/medias/{id}/keyframes), and the render cuts it with the same list.
  if (p.output.renderMode !== 'reencode' && copyBlockers(p.timeline, sources).length === 0)
    for (const id of new Set(p.timeline.main.map((c) => c.mediaId))) {
      const source = sources[id]!;
      source.keyframesMs = await probeKeyframes(source.input, deps.ffprobePath);
    }
  const dir = await freshJobDir(deps.dataDir, job.id);
  const files = {
    output: join(dir, 'render.mp4'),
    graphFile: join(dir, 'graph.txt'),
    listFile: join(dir, 'list.txt'),
    textFile: (i: number) => join(dir, `text-${i}.txt`),
  };
  const plan = buildDraftRender(p.timeline, p.output, sources, files);
  if (plan.graph) await writeFile(files.graphFile, plan.graph);
  if (plan.concatList) await writeFile(files.listFile, plan.concatList);
  for (const [i, o] of p.timeline.overlays.entries())
    if (o.type === 'text') await writeFile(files.textFile(i), o.text);
  const started = Date.now();
  await runToCompletion(plan.args, {
    command: deps.ffmpegPath,
    signal,
    label: `job ${job.id}`,
    durationMs: plan.durationMs,
    onProgress: (x) => x.fraction !== null && progress(x.fraction * 0.95, etaSeconds(x.fraction, started)),
  });
  return importRender(deps, files.output, {
    corporationId: job.corporationId,
    workspaceId: job.workspaceId,
    name: draft.name,
    originId: draft.id,
    signal,
  });
}
