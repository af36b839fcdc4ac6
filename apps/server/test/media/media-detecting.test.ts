import { join } from 'node:path';
import { type ProbeRun, runProbe } from '@stromwerk/media/capabilities';
import { MediaRuntime } from '@stromwerk/media/media-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobEnded, uploadFile } from '../helpers/library';
import { makeMediaFile, waitFor } from '../helpers/media';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 29 (items 2 and 4): while this process's ffmpeg is still being detected (its probes timed out and
 * are asked again), requests that need ffmpeg are accepted and their jobs wait; once the probes answer,
 * the worker runs them. Only an ffmpeg known to be missing refuses (unit/media-feature.test.ts).
 */
let ctx: TestContext;
let answering = false;
const media = new MediaRuntime({
  ffmpegPath: 'ffmpeg',
  ffprobePath: 'ffprobe',
  timeoutMs: 100,
  // The real probes once `answering`; until then each one "times out", as on a machine too busy to answer.
  run: (bin, args, timeoutMs): Promise<ProbeRun> =>
    answering
      ? runProbe(bin, args, timeoutMs)
      : Promise.resolve({ ok: false, kind: 'timed-out', message: `${bin}: no answer in ${timeoutMs} ms` }),
});
const as = () => ({ token: ctx.owner.token });
const jobState = async (id: string) =>
  (await op(ctx.app, 'jobs.get', { ...as(), params: { id } })).body.state;

beforeAll(async () => {
  ctx = await createTestApp({}, { media });
}, 60_000);
afterAll(() => ctx.close());

describe('media work while ffmpeg is being detected', () => {
  it('accepts uploads, renders and clips, holds their jobs, and runs them once ffmpeg answered', async () => {
    expect(media.state).toBe('detecting');
    const health = (await op(ctx.app, 'health.get', {})).body;
    expect(health.parts.media).toMatchObject({ ok: false, engine: 'none' });
    expect(health.parts.media.message).toMatch(/being detected/);

    const file = await makeMediaFile(join(ctx.dataDir, 'a.mkv'), { seconds: 3, size: '320x180' });
    const upload = await uploadFile(ctx, file);
    expect(upload.status).toBe(201);
    const mediaId = upload.body.items[0]!.id;
    const jobs = await op(ctx.app, 'jobs.list', { ...as(), query: { workspaceId: ctx.owner.workspaceId } });
    const thumbnail = jobs.body.items.find((j) => j.mediaId === mediaId && j.type === 'thumbnail')!;
    // A render needs a ready media; its thumbnail waits for ffmpeg, so the test says it is ready.
    await ctx.app.services.medias.repo.update(mediaId, { status: 'ready' });

    const draft = await op(ctx.app, 'drafts.create', {
      ...as(),
      body: { workspaceId: ctx.owner.workspaceId, name: 'D', fromMediaIds: [mediaId] },
    });
    const render = await op(ctx.app, 'drafts.render', { ...as(), params: { id: draft.body.id } });
    expect(render.status).toBe(202);
    const clip = await op(ctx.app, 'clips.create', { ...as(), body: { mediaId, inMs: 500, outMs: 2000 } });
    expect(clip.status).toBe(202);

    // The worker polls every 2 s: well past one poll, nothing was claimed.
    await new Promise((r) => setTimeout(r, 2500));
    const waiting = [thumbnail.id, render.body.id, clip.body.job.id];
    expect(await Promise.all(waiting.map(jobState))).toEqual(['queued', 'queued', 'queued']);

    answering = true;
    await waitFor('ffmpeg detected', async () => media.state === 'ready', 30_000);
    for (const id of waiting) expect((await jobEnded(ctx, id, 60_000)).state).toBe('done');
    expect((await op(ctx.app, 'health.get', {})).body.parts.media.ok).toBe(true);
  }, 120_000);
});
