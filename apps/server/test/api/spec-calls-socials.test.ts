import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialPosts } from '../../src/db/schema/social-posts';
import { socials } from '../../src/db/schema/socials';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createMember, createWorkspace } from '../helpers/tenancy';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

/** Issue 33 item 11: the spec's socials calls (list, tags, accounts) and the visibility per network. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const insertSocial = async (userId: string, network: string, name: string) => {
  const [row] = await ctx.app.services.database.db
    .insert(socials)
    .values({ userId, network, authType: 'stream-key', name })
    .returning();
  return row!.id;
};

describe(`GET /v1/socials, /socials/{id}/tags and /accounts (${testDbEngine()})`, () => {
  it("lists the caller's connections and those shared with its workspaces, with their visibilities", async () => {
    const t = await createTenant(ctx, 'Socials List Corp');
    const other = await createWorkspace(ctx, t.user.token, t.corporationId, 'Unshared');
    const member = await createMember(ctx, t.user.token, { workspaceId: t.workspaceId }, ['write']);
    const outsider = await createTenant(ctx, 'Socials Outsider Corp');
    const shared = await insertSocial(t.user.user.id, 'youtube', 'Shared channel');
    const privateOne = await insertSocial(t.user.user.id, 'twitch', 'Owner only');
    const own = await insertSocial(member.user.id, 'twitch', 'Member own');
    const put = await op(ctx.app, 'socials.putShares', {
      token: t.user.token,
      params: { id: shared },
      body: { items: [{ workspaceId: t.workspaceId, live: true, post: false }] },
    });
    expect(put.status).toBe(200);
    expect(other).toBeTruthy();

    const mine = await op(ctx.app, 'socials.list', { token: member.token, query: {} });
    expect(mine.status).toBe(200);
    const byId = new Map(mine.body.items.map((i) => [i.id, i]));
    expect([...byId.keys()].sort()).toEqual([own, shared].sort());
    expect(mine.body.total).toBe(2);
    expect(byId.get(own)).toMatchObject({ own: true, sharedWith: [], visibilities: [] });
    expect(byId.get(shared)).toMatchObject({
      own: false,
      sharedWith: [t.workspaceId],
      visibilities: ['public', 'unlisted', 'private'],
    });
    expect(JSON.stringify(mine.body)).not.toContain(privateOne);
    expect(JSON.stringify(mine.body)).not.toMatch(/secret|userId/);

    const owner = await op(ctx.app, 'socials.list', { token: t.user.token, query: { network: 'twitch' } });
    expect(owner.body.items.map((i) => i.id)).toEqual([privateOne]);
    const stranger = await op(ctx.app, 'socials.list', { token: outsider.user.token, query: {} });
    expect(stranger.body.items).toEqual([]);
    expect((await op(ctx.app, 'socials.list', { query: {} })).status).toBe(401);
    expectError(
      await op(ctx.app, 'socials.list', { token: member.token, query: { network: 'myspace' } as never }),
      400,
      'VALIDATION_FAILED',
      'network',
    );
  });

  it('says per network which visibilities it has', async () => {
    const res = await op(ctx.app, 'socials.networks', { token: ctx.owner.token });
    const by = Object.fromEntries(res.body.items.map((n) => [n.network, n.supports.visibilities]));
    expect(by).toMatchObject({
      youtube: ['public', 'unlisted', 'private'],
      facebook: ['public', 'unlisted', 'private'],
      twitch: [],
      twitter: [],
    });
  });

  it('suggests the tags the connection was used with, most used first, only to those who may use it', async () => {
    const t = await createTenant(ctx, 'Socials Tags Corp');
    const id = await insertSocial(t.user.user.id, 'youtube', 'Tagged channel');
    const post = (tags: string[]) => ({
      corporationId: t.corporationId,
      workspaceId: t.workspaceId,
      socialId: id,
      network: 'youtube',
      tags,
    });
    await ctx.app.services.database.db
      .insert(socialPosts)
      .values([post(['Concert', 'live music']), post(['concert', 'Berlin']), post(['{date}'])]);
    const source = await op(ctx.app, 'sources.create', {
      token: t.user.token,
      body: { workspaceId: t.workspaceId, name: 'Tag source', type: 'rtmp' },
    });
    const target = await op(ctx.app, 'targets.create', {
      token: t.user.token,
      body: {
        workspaceId: t.workspaceId,
        name: 'YouTube live',
        sourceId: source.body.id,
        settings: { type: 'youtube', socialId: id, tags: ['Berlin', 'concert'] },
      } as never,
    });
    expect(target.status, JSON.stringify(target.body)).toBe(201);

    const res = await op(ctx.app, 'socials.tags', { token: t.user.token, params: { id }, query: {} });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { tag: 'Concert', uses: 3, from: ['post', 'live'] },
      { tag: 'Berlin', uses: 2, from: ['post', 'live'] },
      { tag: 'live music', uses: 1, from: ['post'] },
    ]);
    const some = await op(ctx.app, 'socials.tags', {
      token: t.user.token,
      params: { id },
      query: { q: 'BE', limit: 5 },
    });
    expect(some.body.items.map((i) => i.tag)).toEqual(['Berlin']);
    // The owner's key scoped to another workspace reads within its scope only.
    const elsewhere = await createWorkspace(ctx, t.user.token, t.corporationId, 'Elsewhere');
    const key = await op(ctx.app, 'apiKeys.create', {
      token: t.user.token,
      params: { id: t.user.user.id },
      body: {
        name: 'Elsewhere reader',
        scope: { corporationId: t.corporationId, workspaceId: elsewhere, permission: 'read' },
      },
    });
    const scoped = await op(ctx.app, 'socials.tags', { apiKey: key.body.key, params: { id }, query: {} });
    expect(scoped.status, JSON.stringify(scoped.body)).toBe(200);
    expect(scoped.body.items).toEqual([]);
    const outsider = await createTenant(ctx, 'Tags Outsider Corp');
    expectError(
      await op(ctx.app, 'socials.tags', { token: outsider.user.token, params: { id }, query: {} }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await op(ctx.app, 'socials.tags', { token: t.user.token, params: { id }, query: { limit: 0 } }),
      400,
      'VALIDATION_FAILED',
      'limit',
    );
  });

  it('answers the accounts under the spec path and the old sub-accounts path alike', async () => {
    const t = await createTenant(ctx, 'Socials Accounts Corp');
    const id = await insertSocial(t.user.user.id, 'youtube', 'Key only');
    const spec = await op(ctx.app, 'socials.accounts', { token: t.user.token, params: { id } });
    const old = await op(ctx.app, 'socials.subAccounts', { token: t.user.token, params: { id } });
    expect(spec.status).toBe(200);
    expect(spec.body).toEqual({ items: [] }); // a stream-key connection has no pages or channels
    expect(old.body).toEqual(spec.body);
    const outsider = await createTenant(ctx, 'Accounts Outsider Corp');
    expectError(
      await op(ctx.app, 'socials.accounts', { token: outsider.user.token, params: { id } }),
      404,
      'NOT_FOUND',
    );
  });
});
