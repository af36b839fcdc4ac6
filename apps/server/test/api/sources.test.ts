import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { op } from '../helpers/route-call';
import { createTenant, createTestApp, createUser, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Bodies here are partly invalid on purpose, so they are not held to the create schema's type. */
const create = (body: object, token = ctx.owner.token) =>
  op(ctx.app, 'sources.create', { token, body: { workspaceId: ctx.owner.workspaceId, ...body } as never });

describe('sources', () => {
  it('creates an RTMP source with an ingest URL on this node and a secret key shown on demand', async () => {
    const res = await create({ name: 'Studio A', type: 'rtmp' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Studio A',
      type: 'rtmp',
      endpoint: 'europe',
      state: 'offline',
      streamInfo: null,
    });
    expect(res.body.ingestUrl).toBe('rtmp://stromwerk.test:1935/live');
    expect(JSON.stringify(res.body)).not.toMatch(/streamKey/);
    const key = await op(ctx.app, 'sources.streamKey', {
      token: ctx.owner.token,
      params: { id: res.body.id },
    });
    expect(key.status).toBe(200);
    expect(key.body.streamKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(key.body.publishUrl).toBe(`rtmp://stromwerk.test:1935/live/${key.body.streamKey}`);
    const found = await op(ctx.app, 'sources.byStreamKey', {
      token: ctx.owner.token,
      params: { key: key.body.streamKey },
    });
    expect(found.body.id).toBe(res.body.id);
  });

  it('rotates the key: the old one no longer finds the source', async () => {
    const src = await create({ name: 'Rotating', type: 'rtmp' });
    const params = { id: src.body.id };
    const before = await op(ctx.app, 'sources.streamKey', { token: ctx.owner.token, params });
    const after = await op(ctx.app, 'sources.rotateKey', { token: ctx.owner.token, params });
    expect(after.body.streamKey).not.toBe(before.body.streamKey);
    const old = await op(ctx.app, 'sources.byStreamKey', {
      token: ctx.owner.token,
      params: { key: before.body.streamKey },
    });
    expect(old.status).toBe(404);
  });

  it('gives SRT sources their own port on the Europe (SRT) endpoint', async () => {
    const a = await create({ name: 'SRT 1', type: 'srt' });
    const b = await create({ name: 'SRT 2', type: 'srt' });
    expect(a.body.endpoint).toBe('europe-srt');
    expect(a.body.ingestUrl).toMatch(/^srt:\/\/stromwerk\.test:\d+$/);
    expect(a.body.ingestUrl).not.toBe(b.body.ingestUrl);
    const bad = await create({ name: 'SRT 3', type: 'srt', endpoint: 'us-west' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^endpoint:/);
  });

  it('validates input and names the field', async () => {
    expect((await create({ name: '', type: 'rtmp' })).body.message).toMatch(/^body\.name/);
    expect((await create({ name: 'x', type: 'ndi' })).body.message).toMatch(/^body\.type/);
    const relive = await create({ name: 'Re-live', type: 'relive' });
    expect(relive.status).toBe(400);
    expect(relive.body.message).toBe('mediaId: Selection required');
    const window = await create({
      name: 'W',
      type: 'demo',
      maintenanceStart: '2030-01-02T00:00:00Z',
      maintenanceEnd: '2030-01-01T00:00:00Z',
    });
    expect(window.body.message).toBe('maintenanceEnd: Must be after the start');
  });

  it('reports maintenance and scheduled states from the clock', async () => {
    const now = Date.now();
    const m = await create({
      name: 'Maint',
      type: 'rtmp',
      maintenanceStart: new Date(now - 60_000).toISOString(),
      maintenanceEnd: new Date(now + 3_600_000).toISOString(),
    });
    expect(m.body.state).toBe('maintenance');
    const s = await create({
      name: 'Later',
      type: 'demo',
      startNow: false,
      scheduledStart: new Date(now + 86_400_000).toISOString(),
    });
    expect(s.body.state).toBe('scheduled');
    const list = await op(ctx.app, 'sources.list', {
      token: ctx.owner.token,
      query: { state: 'maintenance' },
    });
    expect(list.body.items.map((i) => i.id)).toEqual([m.body.id]);
  });

  it('merges metadata, updates and deletes', async () => {
    const src = await create({ name: 'Meta', type: 'rtmp' });
    const token = ctx.owner.token;
    const params = { id: src.body.id };
    const meta = await op(ctx.app, 'sources.setMeta', {
      token,
      params,
      body: { meta: { event: 'keynote' } },
    });
    expect(meta.body.meta).toEqual({ event: 'keynote' });
    const upd = await op(ctx.app, 'sources.update', {
      token,
      params,
      body: { name: 'Renamed', recording: true },
    });
    expect(upd.body).toMatchObject({ name: 'Renamed', recording: true });
    expect((await op(ctx.app, 'sources.remove', { token, params })).status).toBe(204);
    expect((await op(ctx.app, 'sources.get', { token, params })).status).toBe(404);
  });

  it('keeps tenants apart and asks for write permission to see keys', async () => {
    const src = await create({ name: 'Private', type: 'rtmp' });
    const other = await createTenant(ctx);
    const params = { id: src.body.id };
    for (const name of ['sources.get', 'sources.streamKey', 'sources.rotateKey', 'sources.remove'] as const) {
      expect((await op(ctx.app, name, { token: other.user.token, params })).status, name).toBe(404);
    }
    const foreignList = await op(ctx.app, 'sources.list', { token: other.user.token });
    expect(foreignList.body.items).toEqual([]);
    const foreignWorkspace = { id: ctx.owner.workspaceId };
    expect(
      (await op(ctx.app, 'sources.listInWorkspace', { token: other.user.token, params: foreignWorkspace }))
        .status,
    ).toBe(404);
    const reader = await createUser(ctx);
    await op(ctx.app, 'workspaces.setUserPermissions', {
      token: ctx.owner.token,
      params: { id: ctx.owner.workspaceId },
      body: { userId: reader.user.id, permissions: ['read'] },
    });
    expect((await op(ctx.app, 'sources.get', { token: reader.token, params })).status).toBe(200);
    expect((await op(ctx.app, 'sources.streamKey', { token: reader.token, params })).status).toBe(403);
    expect((await create({ name: 'nope', type: 'rtmp' }, reader.token)).status).toBe(403);
    expect((await op(ctx.app, 'sources.list', {})).status).toBe(401);
  });
});
