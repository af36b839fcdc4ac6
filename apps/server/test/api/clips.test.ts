import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programDir } from '../../src/modules/outputs/program-engine';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createMember, type TestUser } from '../helpers/tenancy';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

/** Clipping Tool API (issue 14) without ffmpeg work: markers, the DVR window, request rules. */
let ctx: TestContext;
let reader: TestUser;
let dvrPlayer: string;
let livePlayer: string;
const as = () => ({ token: ctx.owner.token });

const player = async (name: string, latency: 'high' | 'low') =>
  (
    await op(ctx.app, 'outputs.create', {
      ...as(),
      body: { workspaceId: ctx.owner.workspaceId, name, latency },
    })
  ).body.id;

beforeAll(async () => {
  ctx = await createTestApp({}, { jobs: false });
  reader = await createMember(ctx, ctx.owner.token, { workspaceId: ctx.owner.workspaceId }, ['read']);
  dvrPlayer = await player('DVR', 'high');
  livePlayer = await player('Low latency', 'low');
});
afterAll(() => ctx.close());

describe(`markers (${testDbEngine()})`, () => {
  it('adds (now by default), lists in time order and removes markers', async () => {
    const params = { id: dvrPlayer };
    const before = Date.now();
    const now = await op(ctx.app, 'clips.addMarker', { ...as(), params, body: { label: 'Goal!' } });
    expect(now.status).toBe(201);
    expect(Date.parse(now.body.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(now.body).toMatchObject({ outputId: dvrPlayer, label: 'Goal!', createdBy: ctx.owner.user.id });
    const earlier = await op(ctx.app, 'clips.addMarker', {
      ...as(),
      params,
      body: { at: new Date(before - 60_000).toISOString() },
    });
    const list = await op(ctx.app, 'clips.markers', { token: reader.token, params });
    expect(list.body.items.map((m) => m.id)).toEqual([earlier.body.id, now.body.id]);
    const gone = await op(ctx.app, 'clips.removeMarker', {
      ...as(),
      params: { id: dvrPlayer, markerId: now.body.id },
    });
    expect(gone.status).toBe(204);
    const again = await op(ctx.app, 'clips.removeMarker', {
      ...as(),
      params: { id: dvrPlayer, markerId: now.body.id },
    });
    expectError(again, 404, 'NOT_FOUND');
    // Another player's marker id is not found through this player.
    const elsewhere = await op(ctx.app, 'clips.removeMarker', {
      ...as(),
      params: { id: livePlayer, markerId: earlier.body.id },
    });
    expectError(elsewhere, 404, 'NOT_FOUND');
  });

  it('lets readers list but not mark', async () => {
    const res = await op(ctx.app, 'clips.addMarker', {
      token: reader.token,
      params: { id: dvrPlayer },
      body: {},
    });
    expectError(res, 403, 'FORBIDDEN');
    const bad = await op(ctx.app, 'clips.addMarker', {
      ...as(),
      params: { id: dvrPlayer },
      body: { at: 'yesterday' },
    });
    expectError(bad, 400, 'VALIDATION_FAILED', 'at');
  });
});

describe(`DVR window (${testDbEngine()})`, () => {
  it('says when a player keeps no DVR, and gives the window and a member playlist when it does', async () => {
    const none = await op(ctx.app, 'clips.dvr', { token: reader.token, params: { id: livePlayer } });
    expect(none.body).toMatchObject({ dvrSeconds: null, windowStart: null, hlsUrl: null, live: false });
    const empty = await op(ctx.app, 'clips.dvr', { token: reader.token, params: { id: dvrPlayer } });
    expect(empty.body).toMatchObject({
      dvrSeconds: 3600,
      segmentSeconds: 4,
      windowStart: null,
      hlsUrl: null,
    });
    const dir = programDir(ctx.dataDir, dvrPlayer);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'index.m3u8'),
      '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\n#EXT-X-PROGRAM-DATE-TIME:2026-11-25T10:00:00.000+0000\nseg_1.ts\n#EXTINF:6.0,\nseg_2.ts\n',
    );
    const dvr = await op(ctx.app, 'clips.dvr', { token: reader.token, params: { id: dvrPlayer } });
    expect(dvr.body).toMatchObject({
      windowStart: '2026-11-25T10:00:00.000Z',
      windowEnd: '2026-11-25T10:00:12.000Z',
    });
    expect(dvr.body.hlsUrl).toMatch(new RegExp(`^/v1/play/${dvrPlayer}/t/[\\w.-]+/index\\.m3u8$`));
  });

  it('predicts the fast cut of a range for readers: whole segments (issue 33 item 10)', async () => {
    const dir = programDir(ctx.dataDir, dvrPlayer);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'index.m3u8'),
      '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\n#EXT-X-PROGRAM-DATE-TIME:2026-11-25T10:00:00.000+0000\nseg_1.ts\n#EXTINF:6.0,\nseg_2.ts\n',
    );
    const cut = (query: Record<string, string | number>) =>
      op(ctx.app, 'clips.fastCut', { token: reader.token, params: { id: dvrPlayer }, query: query as never });
    const range = await cut({ from: '2026-11-25T10:00:02.000Z', to: '2026-11-25T10:00:08.000Z' });
    expect(range.body).toEqual({
      from: '2026-11-25T10:00:00.000Z',
      to: '2026-11-25T10:00:12.000Z',
      durationMs: 12_000,
      final: true,
    });
    const last = await cut({ lastSeconds: 5 });
    expect(last.body).toMatchObject({ from: '2026-11-25T10:00:06.000Z', to: '2026-11-25T10:00:12.000Z' });
    // Which of the range's fields is missing is said after the access check.
    expectError(await cut({}), 400, 'VALIDATION_FAILED', 'from');
    expectError(
      await cut({ lastSeconds: 5, to: '2026-11-25T10:00:08.000Z' }),
      400,
      'VALIDATION_FAILED',
      'lastSeconds',
    );
  });
});

describe(`clip requests (${testDbEngine()})`, () => {
  const clip = (body: Record<string, unknown>, token = ctx.owner.token) =>
    op(ctx.app, 'clips.create', { token, body: body as never });

  it('names the field of every malformed request', async () => {
    expectError(
      await clip({ outputId: dvrPlayer, mediaId: dvrPlayer, lastSeconds: 5 }),
      400,
      'VALIDATION_FAILED',
      'outputId',
    );
    expectError(
      await clip({ outputId: dvrPlayer, from: '2026-11-25T10:00:00Z' }),
      400,
      'VALIDATION_FAILED',
      'to',
    );
    expectError(
      await clip({ outputId: dvrPlayer, from: '2026-11-25T10:00:10Z', to: '2026-11-25T10:00:00Z' }),
      400,
      'VALIDATION_FAILED',
      'to',
    );
    expectError(await clip({ mediaId: dvrPlayer, inMs: 5000 }), 400, 'VALIDATION_FAILED', 'outMs');
    expectError(
      await clip({ outputId: dvrPlayer, lastSeconds: 5, autoDeleteAt: '2020-01-01T00:00:00Z' }),
      400,
      'VALIDATION_FAILED',
      'autoDeleteAt',
    );
    expectError(
      await clip({ outputId: dvrPlayer, lastSeconds: 5, mode: 'slow' }),
      400,
      'VALIDATION_FAILED',
      'mode',
    );
  });

  it('refuses readers, unknown players and a player without DVR', async () => {
    expectError(await clip({ outputId: dvrPlayer, lastSeconds: 5 }, reader.token), 403, 'FORBIDDEN');
    const unknown = await clip({ outputId: '00000000-0000-4000-8000-000000000000', lastSeconds: 5 });
    expectError(unknown, 400, 'VALIDATION_FAILED', 'outputId');
    const noDvr = await clip({ outputId: livePlayer, lastSeconds: 5 });
    expectError(noDvr, 422, 'CLIP_RANGE_UNAVAILABLE');
    expect(noDvr.body.details?.[0]?.field).toBe('outputId');
  });
});
