import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createMember } from '../helpers/tenancy';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
const ids = { main: '', backup: '', player: '', fedByPlayer: '', fedBySource: '' };
beforeAll(async () => {
  ctx = await createTestApp({ TARGET_ALLOW_PRIVATE: 'true' });
  const as = { token: ctx.owner.token };
  const workspaceId = ctx.owner.workspaceId;
  const source = async (name: string) =>
    (await op(ctx.app, 'sources.create', { ...as, body: { workspaceId, name, type: 'rtmp' } })).body.id;
  ids.main = await source('Studio A');
  ids.backup = await source('Studio B');
  const player = await op(ctx.app, 'outputs.create', {
    ...as,
    body: {
      workspaceId,
      name: 'Main player',
      mainSourceId: ids.main,
      backupSourceId: ids.backup,
      viewerLimitEnabled: true,
      viewerLimit: 25,
    } as never,
  });
  ids.player = player.body.id;
  const target = async (name: string, feed: object) =>
    (
      await op(ctx.app, 'targets.create', {
        ...as,
        body: {
          workspaceId,
          name,
          enabled: false,
          ...feed,
          settings: { type: 'rtmp', url: 'rtmp://127.0.0.1:1/app', streamKey: 'k' },
        } as never,
      })
    ).body.id;
  ids.fedByPlayer = await target('YouTube', { outputId: ids.player });
  ids.fedBySource = await target('Partner', { sourceId: ids.backup });
});
afterAll(() => ctx.close());

const graphOf = (token: string, id = ctx.owner.workspaceId) =>
  op(ctx.app, 'graph.ofWorkspace', { token, params: { id } });

describe(`workspace graph (${testDbEngine()})`, () => {
  it('draws sources, the player and its targets with their edges and live state', async () => {
    // The live state as the live engine stores it: Studio A live with its stream info, a target retrying.
    await ctx.app.services.sources.repo.update(ids.main, {
      live: true,
      streamInfo: {
        formatName: 'flv',
        video: { codec: 'h264', width: 1280, height: 720, fps: 30, bitrateKbps: 2500, profile: null },
        audio: null,
      },
    });
    await ctx.app.services.outputs.repo.update(ids.player, { input: 'main' });
    await ctx.app.services.targets.repo.update(ids.fedBySource, { state: 'almost-online', restarts: 2 });
    const res = await graphOf(ctx.owner.token);
    expect(res.status).toBe(200);
    const g = res.body;
    expect(g).toMatchObject({ workspaceId: ctx.owner.workspaceId, canWrite: true, truncated: false });
    const node = (refId: string) => g.nodes.find((n) => n.refId === refId);
    expect(node(ids.main)).toMatchObject({
      id: `source:${ids.main}`,
      kind: 'source',
      label: 'Studio A',
      state: 'live',
      streamInfo: { video: { codec: 'h264', width: 1280, fps: 30, bitrateKbps: 2500 } },
    });
    expect(node(ids.backup)).toMatchObject({ kind: 'source', state: 'offline' });
    expect(node(ids.player)).toMatchObject({
      kind: 'output',
      state: 'main',
      viewers: 0,
      viewerLimit: 25,
      latency: 'normal',
      playerUrl: `http://stromwerk.test/player/${ids.player}`,
    });
    expect(node(ids.fedBySource)).toMatchObject({ kind: 'target', state: 'almost-online', restarts: 2 });
    const edges = Object.fromEntries(g.edges.map((e) => [`${e.role} ${e.from} ${e.to}`, e.state]));
    expect(edges).toEqual({
      [`main source:${ids.main} output:${ids.player}`]: 'flowing',
      [`backup source:${ids.backup} output:${ids.player}`]: 'idle',
      [`feed output:${ids.player} target:${ids.fedByPlayer}`]: 'idle',
      [`feed source:${ids.backup} target:${ids.fedBySource}`]: 'connecting',
    });
    // Stream keys and settings of targets stay out of the graph.
    expect(JSON.stringify(g)).not.toContain('rtmp://127.0.0.1');
  });

  it('gives readers the graph without the right to rewire', async () => {
    const reader = await createMember(ctx, ctx.owner.token, { workspaceId: ctx.owner.workspaceId }, ['read']);
    const res = await graphOf(reader.token);
    expect(res.status).toBe(200);
    expect(res.body.canWrite).toBe(false);
    expect(res.body.nodes).toHaveLength(5);
  });

  it('answers 404 for another tenant, 401 without a session and 400 naming a bad id', async () => {
    const other = await createTenant(ctx, 'Graph Other Corp');
    expectError(await graphOf(other.user.token), 404, 'NOT_FOUND');
    const theirs = await graphOf(other.user.token, other.workspaceId);
    expect(theirs.status).toBe(200);
    expect(theirs.body.nodes).toEqual([]);
    expectError(await graphOf(''), 401, 'UNAUTHENTICATED');
    expectError(await graphOf(ctx.owner.token, 'not-a-uuid'), 400, 'VALIDATION_FAILED', 'id');
  });
});

describe(`live stats are sampled only while a Flowchart watches (${testDbEngine()})`, () => {
  it('watch takes a lease, unwatch gives it back; nothing is sampled without one; others are refused', async () => {
    const stats = ctx.app.services.graph.stats;
    const workspaceId = ctx.owner.workspaceId;
    const watcher = '7f1c4d1e-3c1b-4b8e-9d3a-2f7e7c1a0b11';
    expect(stats.sampling).toBe(false);
    const before = stats.sampled;
    await new Promise((r) => setTimeout(r, 1200));
    expect(stats.sampled).toBe(before);

    const watched = await op(ctx.app, 'graph.watch', {
      token: ctx.owner.token,
      params: { id: workspaceId },
      query: { watcher },
    });
    expect(watched.status).toBe(204);
    expect(stats.sampling).toBe(true);
    expect(stats.watchers(workspaceId)).toBe(1);
    // Renewing is the same call: still one watcher.
    await op(ctx.app, 'graph.watch', {
      token: ctx.owner.token,
      params: { id: workspaceId },
      query: { watcher },
    });
    expect(stats.watchers(workspaceId)).toBe(1);

    // Another tenant cannot watch (404), nor end someone else's lease with the same watcher id.
    const other = await createTenant(ctx, 'Stats Other');
    expectError(
      await op(ctx.app, 'graph.watch', {
        token: other.user.token,
        params: { id: workspaceId },
        query: { watcher },
      }),
      404,
      'NOT_FOUND',
    );
    await op(ctx.app, 'graph.unwatch', {
      token: other.user.token,
      params: { id: other.workspaceId },
      query: { watcher },
    });
    expect(stats.watchers(workspaceId)).toBe(1);
    // A bad watcher id is a 400 naming the field.
    const bad = await op(ctx.app, 'graph.watch', {
      token: ctx.owner.token,
      params: { id: workspaceId },
      query: { watcher: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('watcher');

    const unwatched = await op(ctx.app, 'graph.unwatch', {
      token: ctx.owner.token,
      params: { id: workspaceId },
      query: { watcher },
    });
    expect(unwatched.status).toBe(204);
    expect(stats.sampling).toBe(false);
    const after = stats.sampled;
    await new Promise((r) => setTimeout(r, 1200));
    expect(stats.sampled).toBe(after);
  });

  it('a read-only member may watch', async () => {
    const reader = await createMember(ctx, ctx.owner.token, { workspaceId: ctx.owner.workspaceId }, ['read']);
    const watcher = '7f1c4d1e-3c1b-4b8e-9d3a-2f7e7c1a0b12';
    const as = { token: reader.token, params: { id: ctx.owner.workspaceId }, query: { watcher } };
    expect((await op(ctx.app, 'graph.watch', as)).status).toBe(204);
    expect((await op(ctx.app, 'graph.unwatch', as)).status).toBe(204);
    expect(ctx.app.services.graph.stats.sampling).toBe(false);
  });
});
