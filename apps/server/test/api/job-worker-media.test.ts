import type { ProbeRun } from '@stromwerk/media/capabilities';
import { noCapabilities } from '@stromwerk/media/capabilities';
import { MediaRuntime } from '@stromwerk/media/media-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema/jobs';
import { medias } from '../../src/db/schema/media';
import { JobSignals } from '../../src/modules/jobs/job-signals';
import { type JobHandler, JobWorker } from '../../src/modules/jobs/job-worker';
import { waitFor } from '../helpers/media';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
beforeAll(async () => {
  // The app's own worker stays off: the worker under test is the only one claiming.
  ctx = await createTestApp({}, { jobs: false });
});
afterAll(() => ctx.close());

async function queueOne() {
  const { db } = ctx.app.services.database;
  const [media] = await db
    .insert(medias)
    .values({
      corporationId: ctx.owner.corporationId,
      workspaceId: ctx.owner.workspaceId,
      name: 'm',
      origin: 'upload',
    })
    .returning();
  const [job] = await db
    .insert(jobs)
    .values({
      corporationId: ctx.owner.corporationId,
      workspaceId: ctx.owner.workspaceId,
      type: 'thumbnail',
      mediaId: media!.id,
    })
    .returning();
  return job!;
}

/** A worker over the app's queue whose handlers only note which jobs they ran. */
function workerWith(media: MediaRuntime) {
  const ran: string[] = [];
  const handler: JobHandler = async ({ job }) => {
    ran.push(job.id);
    return undefined;
  };
  const { services } = ctx.app;
  const worker = new JobWorker(
    {
      repo: services.jobs.repo,
      service: services.jobs,
      set: {
        handlers: {
          thumbnail: handler,
          'render-mp4': handler,
          clip: handler,
          'render-draft': handler,
          'social-post': handler,
        },
        cleanup: async () => {},
      },
      signals: new JobSignals(),
      meter: services.usage.meter,
      media,
      log: ctx.app.log,
    },
    { recoverAllAtStart: false, pollMs: 25 },
  );
  return { worker, ran };
}

const stateOf = async (id: string) => (await ctx.app.services.jobs.repo.byId(id))?.state;

describe(`job worker and this process's ffmpeg (${testDbEngine()})`, () => {
  it('claims nothing while ffmpeg is being detected and starts once it is ready', async () => {
    // ffmpeg answers nothing in time until `answering`: each round times out and is asked again.
    let answering = false;
    const run = async (bin: string): Promise<ProbeRun> =>
      answering
        ? { ok: true, stdout: 'ffmpeg version 9.9\n' }
        : { ok: false, kind: 'timed-out', message: `${bin}: no answer in 50 ms` };
    const media = new MediaRuntime({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', run, timeoutMs: 50 });
    await media.start();
    expect(media.state).toBe('detecting');
    const job = await queueOne();
    const { worker, ran } = workerWith(media);
    await worker.start();
    try {
      // Many polls (every 25 ms) pass: the job stays queued, no handler runs.
      await new Promise((r) => setTimeout(r, 400));
      expect(await stateOf(job.id)).toBe('queued');
      expect(ran).toEqual([]);
      answering = true; // the next round (1 s after the first) settles as ready
      await waitFor('job done', async () => (await stateOf(job.id)) === 'done', 10_000);
      expect(media.state).toBe('ready');
      expect(ran).toEqual([job.id]);
    } finally {
      await worker.stop();
      media.stop();
    }
  });

  it('claims as before when ffmpeg is absent (jobs that need none still run)', async () => {
    const media = MediaRuntime.fixed(noCapabilities('ffmpeg not found'));
    expect(media.state).toBe('absent');
    const job = await queueOne();
    const { worker, ran } = workerWith(media);
    await worker.start();
    try {
      await waitFor('job done', async () => (await stateOf(job.id)) === 'done', 10_000);
      expect(ran).toEqual([job.id]);
    } finally {
      await worker.stop();
    }
  });
});
