import { randomUUID } from 'node:crypto';
import { BULK_MAX } from '@stromwerk/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../src/lib/events';
import type { OutputRow } from '../../src/modules/outputs/outputs.repository';
import type { SourceRow } from '../../src/modules/sources/sources.repository';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createMember, createWorkspace, type TestUser } from '../helpers/tenancy';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

/**
 * Issue 11: the bulk operations of the list screens. One request, all or nothing: every id is checked as
 * the single operation checks it; a foreign id answers 404 like the single route and nothing changes.
 */
let ctx: TestContext;
/** The caller: owner of a corporation (the bootstrap owner is a platform admin, who may act anywhere). */
let me: Awaited<ReturnType<typeof createTenant>>;
let reader: TestUser;
let outputId: string;
let foreignOutputId: string;

beforeAll(async () => {
  ctx = await createTestApp({ TARGET_ALLOW_PRIVATE: 'true' });
  me = await createTenant(ctx, 'Bulk Corp');
  reader = await createMember(ctx, me.user.token, { corporationId: me.corporationId }, ['read']);
  outputId = (await make('outputs', me.user.token, me.workspaceId)).id;
  foreignOutputId = (await make('outputs', ctx.owner.token, ctx.owner.workspaceId)).id;
}, 60_000);
afterAll(() => ctx.close());

type Kind = 'sources' | 'targets' | 'outputs' | 'comments';
let n = 0;
async function make(kind: Kind, token: string, workspaceId: string): Promise<{ id: string }> {
  n += 1;
  const bodies: Record<Kind, unknown> = {
    sources: { workspaceId, name: `Feed ${n}`, type: 'rtmp' },
    targets: {
      workspaceId,
      name: `Target ${n}`,
      settings: { type: 'rtmp', url: 'rtmp://live.example.com/app', streamKey: `key-${n}` },
    },
    outputs: { workspaceId, name: `Player ${n}`, commentsEnabled: true },
    comments: { text: `Comment ${n}` },
  };
  const body = bodies[kind] as never;
  const res =
    kind === 'comments'
      ? await op(ctx.app, 'comments.create', {
          token,
          params: { id: token === me.user.token ? outputId : foreignOutputId },
          body,
        })
      : await op(ctx.app, `${kind}.create`, { token, body });
  if (res.status !== 201) throw new Error(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const ownerComments = () => op(ctx.app, 'comments.list', { token: ctx.owner.token, query: { limit: 100 } });

const exists = async (kind: Kind, id: string) =>
  kind === 'comments'
    ? (await ownerComments()).body.items.some((c) => c.id === id)
    : (await op(ctx.app, `${kind}.get`, { token: ctx.owner.token, params: { id } })).status === 200;

type BulkOperation = `${Kind}.bulkDelete` | 'comments.bulkApprove' | 'comments.bulkUnapprove';
/** `ids` is sent as given (some cases are invalid on purpose); `token: null` sends no caller. */
const bulk = (name: BulkOperation, ids: unknown, token: string | null = me.user.token) =>
  op(ctx.app, name, { token: token ?? undefined, body: { ids } as never });

const mine = (kind: Kind) => make(kind, me.user.token, me.workspaceId);
async function makeOutput(body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await op(ctx.app, 'outputs.create', {
    token: me.user.token,
    body: { workspaceId: me.workspaceId, ...body } as never,
  });
  if (res.status !== 201) throw new Error(`outputs: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe(`bulk operations (${testDbEngine()})`, () => {
  describe.each(['sources', 'targets', 'outputs', 'comments'] as const)('%s/bulk-delete', (kind) => {
    const path = `${kind}.bulkDelete` as const;
    const mine = () => make(kind, me.user.token, me.workspaceId);

    it('deletes every id in one request and answers which (each once)', async () => {
      const [a, b] = [await mine(), await mine()];
      const res = await bulk(path, [a.id, b.id, a.id]);
      expect(res.status).toBe(200);
      expect(res.body.ids.sort()).toEqual([a.id, b.id].sort());
      expect([await exists(kind, a.id), await exists(kind, b.id)]).toEqual([false, false]);
    });

    it("answers another tenant's id exactly as an unknown one, and changes nothing", async () => {
      const own = await mine();
      const foreign = await make(kind, ctx.owner.token, ctx.owner.workspaceId);
      const res = await bulk(path, [own.id, foreign.id]);
      const unknown = await bulk(path, [own.id, randomUUID()]);
      expectError(res, 404, 'NOT_FOUND');
      expect(res.body).toEqual(unknown.body);
      expect(await exists(kind, own.id)).toBe(true);
      const theirs = await bulk(path, [foreign.id], ctx.owner.token);
      expect(theirs.status).toBe(200);
    });

    it('refuses a member without write permission, and changes nothing', async () => {
      const own = await mine();
      expectError(await bulk(path, [own.id], reader.token), 403, 'FORBIDDEN');
      expect(await exists(kind, own.id)).toBe(true);
    });

    it(`refuses an empty list, more than ${BULK_MAX} ids and ids that are not uuids`, async () => {
      const many = Array.from({ length: BULK_MAX + 1 }, () => randomUUID());
      for (const ids of [[], many, ['not-an-id'], 'x'])
        expectError(await bulk(path, ids), 400, 'VALIDATION_FAILED');
      expect((await bulk(path, [randomUUID()], null)).status).toBe(401);
    });
  });

  it('approves and unapproves comments in one request each, all or nothing', async () => {
    const [a, b] = [await make('comments', me.user.token, ''), await make('comments', me.user.token, '')];
    const approved = async () => {
      const page = await ownerComments();
      return [a.id, b.id].map((id) => page.body.items.find((c) => c.id === id)?.approved);
    };
    expect((await bulk('comments.bulkUnapprove', [a.id, b.id])).body.ids).toHaveLength(2);
    expect(await approved()).toEqual([false, false]);
    const foreign = await make('comments', ctx.owner.token, '');
    expectError(await bulk('comments.bulkApprove', [a.id, foreign.id]), 404, 'NOT_FOUND');
    expectError(await bulk('comments.bulkApprove', [a.id], reader.token), 403, 'FORBIDDEN');
    expect(await approved()).toEqual([false, false]);
    expect((await bulk('comments.bulkApprove', [a.id, b.id])).status).toBe(200);
    expect(await approved()).toEqual([true, true]);
  });

  describe('sources/bulk-update and outputs/bulk-update', () => {
    /** What the single update hands on after its commit: the events (MQTT) and the live plane's events. */
    let events: ChangeEvent[] = [];
    let sourcesChanged: SourceRow[] = [];
    let outputsChanged: OutputRow[] = [];
    let stopListening = () => {};
    let stopLive = () => {};
    beforeAll(() => {
      const { services } = ctx.app;
      stopListening = services.events.onChange((e) => events.push(e));
      // The test app runs without the live plane; this records what it is told, with the rows as then.
      stopLive = services.liveEvents.subscribe(async (e) => {
        if (e.type === 'source-changed') sourcesChanged.push((await services.sources.repo.byId(e.id))!);
        if (e.type === 'output-changed') outputsChanged.push((await services.outputs.repo.byId(e.id))!);
      });
    });
    /** Forgets what the test's own set-up announced (creates), before the operation under test. */
    const reset = () => {
      events = [];
      sourcesChanged = [];
      outputsChanged = [];
    };
    afterAll(() => {
      stopListening();
      stopLive();
    });
    const updatedIds = (type: string) =>
      events.filter((e) => e.type === type && e.action === 'updated').map((e) => e.id);
    const updates = () => events.filter((e) => e.action === 'updated');

    const source = async (id: string) =>
      (await op(ctx.app, 'sources.get', { token: ctx.owner.token, params: { id } })).body;
    const output = async (id: string) =>
      (await op(ctx.app, 'outputs.get', { token: ctx.owner.token, params: { id } })).body;
    const setRecording = (ids: unknown, recording: unknown, token: string = me.user.token) =>
      op(ctx.app, 'sources.bulkUpdate', { token, body: { ids, changes: { recording } } as never });
    const editOutputs = (ids: unknown, changes: unknown, token: string = me.user.token) =>
      op(ctx.app, 'outputs.bulkUpdate', { token, body: { ids, changes } as never });

    it('switches recording for every source in one request, announced and handed on as `update` does', async () => {
      const [a, b, c] = [await mine('sources'), await mine('sources'), await mine('sources')];
      reset();
      const res = await setRecording([a.id, b.id, c.id, a.id], true);
      expect(res.status).toBe(200);
      expect(res.body.ids.sort()).toEqual([a.id, b.id, c.id].sort());
      for (const id of [a.id, b.id, c.id]) expect((await source(id)).recording).toBe(true);
      expect(updatedIds('source').sort()).toEqual([a.id, b.id, c.id].sort());
      // The recorder reads each row after its event came (an await): the last may land after the answer,
      // and a create's own event after reset() (each source counted once).
      await expect
        .poll(() => [...new Set(sourcesChanged.map((r) => `${r.id} ${r.recording}`))].sort(), {
          timeout: 5000,
        })
        .toEqual([a.id, b.id, c.id].sort().map((id) => `${id} true`));
      expect((await setRecording([a.id, b.id], false)).status).toBe(200);
      expect([(await source(a.id)).recording, (await source(b.id)).recording]).toEqual([false, false]);
      expect((await source(c.id)).recording).toBe(true);
    });

    it("changes the named settings of every player in one request; the rest stay each one's own", async () => {
      const a = await makeOutput({ name: 'Alpha', direction: 'portrait', passwords: ['alpha-secret'] });
      const b = await makeOutput({ name: 'Beta', latency: 'low' });
      reset();
      const res = await editOutputs([a.id, b.id], { recording: true, latency: 'high' });
      expect(res.status).toBe(200);
      expect(res.body.ids.sort()).toEqual([a.id, b.id].sort());
      const [after, bAfter] = [await output(a.id), await output(b.id)];
      expect([after.recording, after.latency, after.direction, after.name, after.passwordCount]).toEqual([
        true,
        'high',
        'portrait',
        'Alpha',
        1,
      ]);
      expect([bAfter.recording, bAfter.latency, bAfter.direction, bAfter.name]).toEqual([
        true,
        'high',
        'landscape',
        'Beta',
      ]);
      expect(updatedIds('output').sort()).toEqual([a.id, b.id].sort());
      // As above: each player counted once, the last perhaps after the answer.
      await expect
        .poll(() => [...new Set(outputsChanged.map((r) => r.id))].sort(), { timeout: 5000 })
        .toEqual([a.id, b.id].sort());
    });

    it("answers another tenant's id as an unknown one, and changes nothing", async () => {
      const own = await mine('sources');
      const foreign = await make('sources', ctx.owner.token, ctx.owner.workspaceId);
      const ownPlayer = await mine('outputs');
      const foreignPlayer = await make('outputs', ctx.owner.token, ctx.owner.workspaceId);
      reset();
      const res = await setRecording([own.id, foreign.id], true);
      expectError(res, 404, 'NOT_FOUND');
      expect(res.body).toEqual((await setRecording([own.id, randomUUID()], true)).body);
      const refused = await editOutputs([ownPlayer.id, foreignPlayer.id], { latency: 'high' });
      expectError(refused, 404, 'NOT_FOUND');
      expect(refused.body).toEqual(
        (await editOutputs([ownPlayer.id, randomUUID()], { latency: 'high' })).body,
      );
      expect([updates(), sourcesChanged, outputsChanged]).toEqual([[], [], []]);
      expect([(await source(own.id)).recording, (await source(foreign.id)).recording]).toEqual([
        false,
        false,
      ]);
      expect([(await output(ownPlayer.id)).latency, (await output(foreignPlayer.id)).latency]).toEqual([
        'normal',
        'normal',
      ]);
    });

    it('refuses a member without write permission, and changes nothing', async () => {
      const own = await mine('sources');
      const player = await mine('outputs');
      reset();
      expectError(await setRecording([own.id], true, reader.token), 403, 'FORBIDDEN');
      expectError(await editOutputs([player.id], { recording: true }, reader.token), 403, 'FORBIDDEN');
      expect([updates(), sourcesChanged, outputsChanged]).toEqual([[], [], []]);
      expect([(await source(own.id)).recording, (await output(player.id)).recording]).toEqual([false, false]);
    });

    it('refuses a change one of the players cannot take (all or nothing, 400 naming the field)', async () => {
      // A source of the first workspace is no main ingest for a player of another workspace.
      const otherWs = await createWorkspace(ctx, me.user.token, me.corporationId, 'Second stage');
      const here = await mine('outputs');
      const there = (await make('outputs', me.user.token, otherWs)).id;
      const feed = await mine('sources');
      reset();
      expectError(
        await editOutputs([here.id, there], { mainSourceId: feed.id }),
        400,
        'VALIDATION_FAILED',
        'mainSourceId',
      );
      expect([updates(), outputsChanged]).toEqual([[], []]);
      expect((await output(here.id)).mainSourceId).toBeNull();
    });

    it(`refuses an empty list, more than ${BULK_MAX} ids, and changes that are not settings`, async () => {
      const own = await mine('outputs');
      reset();
      const many = Array.from({ length: BULK_MAX + 1 }, () => randomUUID());
      for (const ids of [[], many]) {
        expectError(await setRecording(ids, true), 400, 'VALIDATION_FAILED', 'ids');
        expectError(await editOutputs(ids, { recording: true }), 400, 'VALIDATION_FAILED', 'ids');
      }
      expectError(await setRecording([own.id], 'yes'), 400, 'VALIDATION_FAILED', 'recording');
      for (const changes of [{}, { name: 'Renamed' }, { passwords: [] }])
        expectError(await editOutputs([own.id], changes), 400, 'VALIDATION_FAILED', 'changes');
      expect([updates(), sourcesChanged, outputsChanged]).toEqual([[], [], []]);
      expect((await output(own.id)).name).toMatch(/^Player/);
    });
  });
});
