import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobEnded, mediaReady, uploadFile } from '../helpers/library';
import { ffprobe, makeMediaFile, waitFor } from '../helpers/media';
import { op } from '../helpers/route-call';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';

/** Issue 15: a draft rendered by its job into a new media; a cancelled render leaves nothing. */
let ctx: TestContext;
let a: string;
let b: string;
const as = () => ({ token: ctx.owner.token });

beforeAll(async () => {
  ctx = await createTestApp();
  const upload = async (name: string, seconds: number) => {
    const file = await makeMediaFile(join(ctx.dataDir, name), { seconds, size: '640x360' });
    return (await mediaReady(ctx, (await uploadFile(ctx, file)).body.items[0]!.id)).id;
  };
  a = await upload('a.mkv', 4);
  b = await upload('b.mkv', 12);
}, 120_000);
afterAll(() => ctx.close());

describe('draft renders', () => {
  it('renders a draft into a new media linked to it, leaving the sources as they were', async () => {
    const draft = await op(ctx.app, 'drafts.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Teaser',
        output: { size: '1280x720', fps: 25 },
        timeline: {
          main: [
            {
              id: 'c1',
              mediaId: a,
              inMs: 0,
              outMs: 3000,
              transitionOut: { type: 'dissolve', durationMs: 500 },
            },
            { id: 'c2', mediaId: b, inMs: 1000, outMs: 3000 },
          ],
          overlays: [{ id: 't1', type: 'text', text: 'Teaser', atMs: 0, durationMs: 1500, preset: 'title' }],
        },
      },
    });
    expect(draft.body.durationMs).toBe(4500);
    const job = await op(ctx.app, 'drafts.render', { ...as(), params: { id: draft.body.id } });
    const ended = await jobEnded(ctx, job.body.id, 120_000);
    expect(`${ended.state} ${ended.error ?? ''}`).toBe('done ');
    const after = (await op(ctx.app, 'drafts.get', { ...as(), params: { id: draft.body.id } })).body;
    expect(after.status).toBe('rendered');
    expect(after.lastRender?.mediaId).toBe(ended.resultMediaId);
    const result = await mediaReady(ctx, ended.resultMediaId!);
    expect(result).toMatchObject({ origin: 'render', originId: draft.body.id, name: 'Teaser' });
    expect(Math.abs(result.durationMs! - 4500)).toBeLessThanOrEqual(60);
    expect(result.info?.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    const source = (await op(ctx.app, 'medias.get', { ...as(), params: { id: b } })).body;
    expect(source.durationMs).toBeGreaterThan(11_000);
  }, 150_000);

  it('cancels a render: no media, no scratch files, the draft back to editing', async () => {
    const draft = await op(ctx.app, 'drafts.create', {
      ...as(),
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Long',
        output: { size: '1920x1080', renderMode: 'reencode' },
        fromMediaIds: [b, b, b],
      },
    });
    const job = await op(ctx.app, 'drafts.render', { ...as(), params: { id: draft.body.id } });
    await waitFor(
      'render running',
      async () => {
        const j = (await op(ctx.app, 'jobs.get', { ...as(), params: { id: job.body.id } })).body;
        return j.state === 'running' && j.progress > 0;
      },
      60_000,
    );
    await op(ctx.app, 'jobs.cancel', { ...as(), params: { id: job.body.id } });
    await waitFor(
      'scratch gone',
      async () => !existsSync(join(ctx.dataDir, 'tmp', 'jobs', job.body.id)),
      10_000,
    );
    const renders = await op(ctx.app, 'medias.byOrigin', {
      ...as(),
      params: { origin: 'render' },
      query: { originId: draft.body.id },
    });
    expect(renders.body.total).toBe(0);
    await waitFor(
      'draft editing',
      async () =>
        (await op(ctx.app, 'drafts.get', { ...as(), params: { id: draft.body.id } })).body.status ===
        'editing',
    );
  }, 120_000);

  it('previews the seconds around the playhead of an unsaved timeline, small, as MP4; nothing stays behind', async () => {
    const draft = await op(ctx.app, 'drafts.create', {
      ...as(),
      body: { workspaceId: ctx.owner.workspaceId, name: 'Preview me', fromMediaIds: [a] },
    });
    const params = { id: draft.body.id };
    // What the editor shows, not what is saved: b, trimmed, then a, at 16:9 1080p.
    const body = {
      atMs: 6000,
      timeline: {
        version: 1 as const,
        main: [
          { ...draft.body.timeline.main[0]!, id: 'c1', mediaId: b, inMs: 2000, outMs: 9000 },
          { ...draft.body.timeline.main[0]!, id: 'c2' },
        ],
        overlays: [],
        audio: [],
      },
      output: { ...draft.body.output, size: '1920x1080' as const },
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/drafts/${draft.body.id}/preview`,
      headers: { authorization: `Bearer ${ctx.owner.token}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    const file = join(ctx.dataDir, 'preview.mp4');
    writeFileSync(file, res.rawPayload);
    const info = await ffprobe(file);
    const video = info.streams.find((s) => s.codec_type === 'video')!;
    expect([video.width, video.height]).toEqual([480, 270]);
    expect(Math.abs(Number(info.format.duration) - 4)).toBeLessThan(0.1);
    expect(readdirSync(join(ctx.dataDir, 'previews'))).toEqual([]);

    // Another tenant's media in the timeline is a broken clip, never read; a reader may not preview.
    const other = await createTenant(ctx, 'Other Corp');
    const foreign = await op(ctx.app, 'drafts.preview', {
      ...as(),
      params,
      body: {
        ...body,
        timeline: { ...body.timeline, main: [{ ...body.timeline.main[0]!, mediaId: other.workspaceId }] },
      },
    });
    expect(foreign.status).toBe(409);
    expect((foreign.body as unknown as { code: string }).code).toBe('DRAFT_BROKEN');
    const outsider = await op(ctx.app, 'drafts.preview', { token: other.user.token, params, body });
    expect(outsider.status).toBe(404);
  }, 60_000);
});
