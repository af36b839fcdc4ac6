import { randomUUID } from 'node:crypto';
import { BULK_MAX } from '@stromwerk/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createMember, type TestUser } from '../helpers/tenancy';
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
});
