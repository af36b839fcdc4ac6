import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { op } from '../helpers/route-call';
import { createTenant, createTestApp, createUser, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let sourceId: string;
beforeAll(async () => {
  // Private and local receivers are allowed here; the target policy has its own tests.
  ctx = await createTestApp({ TARGET_ALLOW_PRIVATE: 'true' });
  const src = await op(ctx.app, 'sources.create', {
    token: ctx.owner.token,
    body: { workspaceId: ctx.owner.workspaceId, name: 'Feed', type: 'rtmp' },
  });
  sourceId = src.body.id;
});
afterAll(() => ctx.close());

const rtmp = { type: 'rtmp' as const, url: 'rtmp://live.example.com/app', streamKey: 'secret-key-1' };
const create = (body: object, token = ctx.owner.token) =>
  op(ctx.app, 'targets.create', { token, body: { workspaceId: ctx.owner.workspaceId, ...body } as never });

describe('targets', () => {
  it('creates RTMP, SRT and Icecast targets that start offline', async () => {
    const a = await create({ name: 'YouTube', sourceId, settings: rtmp });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ type: 'rtmp', state: 'offline', enabled: true, sourceId, restarts: 0 });
    const b = await create({
      name: 'Partner SRT',
      settings: { type: 'srt', host: '10.0.0.5', port: 9999, passphrase: 'a-long-passphrase' },
    });
    expect(b.body.settings).toMatchObject({ latencyMs: 200, streamId: '' });
    const c = await create({
      name: 'Radio',
      settings: {
        type: 'icecast',
        url: 'http://radio.example.com:8000',
        mount: '/live.mp3',
        password: 'hackme',
      },
    });
    expect(c.body.settings).toMatchObject({ username: 'source', format: 'mp3', bitrateKbps: 128 });
  });

  it('names the field of a bad setting', async () => {
    const bad = await create({ name: 'x', settings: { type: 'rtmp', url: 'http://nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^body\.settings\.url: Must be an rtmp/);
    const srt = await create({ name: 'x', settings: { type: 'srt', host: 'h', port: 70000 } });
    expect(srt.body.message).toMatch(/^body\.settings\.port/);
    const feed = await create({
      name: 'x',
      sourceId: '00000000-0000-4000-8000-000000000000',
      settings: rtmp,
    });
    expect(feed.body.message).toBe('sourceId: Source not found in this workspace');
  });

  it('masks secrets for read-only members and keeps them when a form sends the mask back', async () => {
    const t = await create({ name: 'Masked', settings: rtmp });
    const reader = await createUser(ctx);
    await op(ctx.app, 'workspaces.setUserPermissions', {
      token: ctx.owner.token,
      params: { id: ctx.owner.workspaceId },
      body: { userId: reader.user.id, permissions: ['read'] },
    });
    const seen = await op(ctx.app, 'targets.get', { token: reader.token, params: { id: t.body.id } });
    expect((seen.body.settings as { streamKey?: string }).streamKey).toBe('********');
    await op(ctx.app, 'targets.update', {
      token: ctx.owner.token,
      params: { id: t.body.id },
      body: { name: 'Masked 2', settings: { ...rtmp, streamKey: '********' } },
    });
    const own = await op(ctx.app, 'targets.get', { token: ctx.owner.token, params: { id: t.body.id } });
    expect((own.body.settings as { streamKey?: string }).streamKey).toBe('secret-key-1');
    expect(
      (
        await op(ctx.app, 'targets.update', {
          token: reader.token,
          params: { id: t.body.id },
          body: { enabled: false },
        })
      ).status,
    ).toBe(403);
  });

  it('filters by source and keeps other tenants out', async () => {
    const list = await op(ctx.app, 'targets.list', { token: ctx.owner.token, query: { sourceId } });
    expect(list.body.items.length).toBeGreaterThan(0);
    expect(list.body.items.every((t) => t.sourceId === sourceId)).toBe(true);
    const other = await createTenant(ctx);
    const t = await create({ name: 'Mine', settings: rtmp });
    expect(
      (await op(ctx.app, 'targets.get', { token: other.user.token, params: { id: t.body.id } })).status,
    ).toBe(404);
    expect(
      (await op(ctx.app, 'targets.remove', { token: other.user.token, params: { id: t.body.id } })).status,
    ).toBe(404);
    const theirs = await op(ctx.app, 'targets.create', {
      token: other.user.token,
      body: { workspaceId: other.workspaceId, name: 'x', sourceId, settings: rtmp },
    });
    expect(theirs.status).toBe(400);
    expect(
      (
        await op(ctx.app, 'targets.listInCorporation', {
          token: other.user.token,
          params: { id: ctx.owner.corporationId },
        })
      ).status,
    ).toBe(404);
    expect(
      (await op(ctx.app, 'targets.remove', { token: ctx.owner.token, params: { id: t.body.id } })).status,
    ).toBe(204);
  });
});
