import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medias } from '../../src/db/schema/media';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createMember, type TestUser } from '../helpers/tenancy';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

/** Video Editor drafts (issue 15): CRUD, revisions, broken drafts, render requests; no ffmpeg work here. */
let ctx: TestContext;
let reader: TestUser;
let video: string;
const as = () => ({ token: ctx.owner.token });

/** A ready 10 s video row in the owner's workspace, as an upload would leave it. */
async function readyVideo() {
  const [row] = await ctx.app.services.database.db
    .insert(medias)
    .values({
      corporationId: ctx.owner.corporationId,
      workspaceId: ctx.owner.workspaceId,
      name: 'Keynote',
      origin: 'upload',
      status: 'ready',
      durationMs: 10_000,
      probe: { formatName: 'mov', video: { codec: 'h264', width: 1280, height: 720, fps: 30 }, audio: null },
      files: [{ kind: 'original', bucketRef: 'library/x/original.mp4', size: 1, mimeType: 'video/mp4' }],
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp({}, { jobs: false });
  reader = await createMember(ctx, ctx.owner.token, { workspaceId: ctx.owner.workspaceId }, ['read']);
  video = await readyVideo();
});
afterAll(() => ctx.close());

const create = (body: Record<string, unknown>, token = ctx.owner.token) =>
  op(ctx.app, 'drafts.create', { token, body: { workspaceId: ctx.owner.workspaceId, ...body } as never });

describe(`drafts (${testDbEngine()})`, () => {
  it('creates from whole media, saves with revisions and refuses a stale save with 409', async () => {
    const made = await create({ name: 'Town hall', fromMediaIds: [video, video] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ revision: 0, status: 'editing', durationMs: 20_000, problems: [] });
    expect(made.body.timeline.main.map((c) => [c.mediaId, c.inMs, c.outMs])).toEqual([
      [video, 0, 10_000],
      [video, 0, 10_000],
    ]);
    expect(made.body.lossless).toBe(true);
    const params = { id: made.body.id };
    const timeline = {
      ...made.body.timeline,
      main: made.body.timeline.main.map((c, i) =>
        i === 0 ? { ...c, outMs: 4000, transitionOut: { type: 'fade' as const, durationMs: 1000 } } : c,
      ),
    };
    const saved = await op(ctx.app, 'drafts.update', { ...as(), params, body: { revision: 0, timeline } });
    expect(saved.body).toMatchObject({ revision: 1, durationMs: 13_000, lossless: false });
    expect(saved.body.copyBlockers).toContain('transitions');
    const stale = await op(ctx.app, 'drafts.update', {
      ...as(),
      params,
      body: { revision: 0, name: 'Mine' },
    });
    expectError(stale, 409, 'DRAFT_CONFLICT', 'revision');
    expect((await op(ctx.app, 'drafts.get', { token: reader.token, params })).body.name).toBe('Town hall');
    const listed = await op(ctx.app, 'drafts.listInWorkspace', {
      ...as(),
      params: { id: ctx.owner.workspaceId },
    });
    expect(listed.body.items.map((d) => d.id)).toContain(made.body.id);
  });

  it('names the field of bad timelines and refuses readers', async () => {
    const bad = await create({
      name: 'Bad',
      timeline: { main: [{ id: 'c1', mediaId: video, inMs: 0, outMs: 50 }] },
    });
    const body = expectError(bad, 400, 'VALIDATION_FAILED', 'outMs');
    expect(body.details?.[0]?.field).toBe('body.timeline.main.0.outMs');
    expectError(await create({ name: 'No' }, reader.token), 403, 'FORBIDDEN');
    expectError(
      await create({ name: 'From', fromMediaIds: ['00000000-0000-4000-8000-000000000000'] }),
      400,
      'VALIDATION_FAILED',
      'fromMediaIds',
    );
  });

  it('marks a draft broken when its media goes, and refuses to render it', async () => {
    const other = await readyVideo();
    const made = await create({ name: 'Fragile', fromMediaIds: [other] });
    await op(ctx.app, 'medias.remove', { ...as(), params: { id: other } });
    const got = await op(ctx.app, 'drafts.get', { ...as(), params: { id: made.body.id } });
    expect(got.body.status).toBe('broken');
    expect(got.body.problems).toEqual([{ clipId: 'c1', mediaId: other, message: 'The media is gone' }]);
    const render = await op(ctx.app, 'drafts.render', { ...as(), params: { id: made.body.id } });
    expectError(render, 409, 'DRAFT_BROKEN');
  });

  it('queues a render as a job that names the draft, once at a time', async () => {
    const made = await create({ name: 'Render me', fromMediaIds: [video] });
    const params = { id: made.body.id };
    const res = await op(ctx.app, 'drafts.render', { ...as(), params });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ type: 'render-draft', state: 'queued', draftId: made.body.id });
    const draft = (await op(ctx.app, 'drafts.get', { ...as(), params })).body;
    expect(draft).toMatchObject({ status: 'rendering', lastRender: { jobId: res.body.id, revision: 0 } });
    expectError(await op(ctx.app, 'drafts.render', { ...as(), params }), 409, 'CONFLICT');
    await op(ctx.app, 'jobs.cancel', { ...as(), params: { id: res.body.id } });
    await expect
      .poll(async () => (await op(ctx.app, 'drafts.get', { ...as(), params })).body.status)
      .toBe('editing');
    expect((await op(ctx.app, 'drafts.remove', { ...as(), params })).status).toBe(204);
  });
});
