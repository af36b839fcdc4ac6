import type { Comment } from '@stromwerk/contracts/comments';
import type { Output } from '@stromwerk/contracts/outputs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { op } from '../helpers/route-call';
import { call, createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
let output: Output;
let comment: Comment;
beforeAll(async () => {
  // Private and local receivers are allowed here; the target policy has its own tests.
  ctx = await createTestApp({ TARGET_ALLOW_PRIVATE: 'true' });
  const as = { token: ctx.owner.token };
  output = (
    await op(ctx.app, 'outputs.create', {
      ...as,
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Board meeting',
        commentsEnabled: true,
        passwords: ['pw'],
      },
    })
  ).body;
  comment = (await op(ctx.app, 'comments.create', { ...as, params: { id: output.id }, body: { text: 'Hi' } }))
    .body;
});
afterAll(() => ctx.close());

describe(`outputs and comments API (${testDbEngine()})`, () => {
  it('creates with the defaults of every player setting and lists per workspace and corporation', async () => {
    expect(output).toMatchObject({
      behaviour: 'auto',
      latency: 'normal',
      moderation: 'approval',
      commentExpirationHours: 0,
      viewerLimitEnabled: false,
      whitelist: [],
      input: 'offline',
      passwordCount: 1,
    });
    expect(output).not.toHaveProperty('passwords');
    for (const url of [
      `/v1/workspaces/${ctx.owner.workspaceId}/outputs`,
      `/v1/corporations/${ctx.owner.corporationId}/outputs`,
    ]) {
      const list = await call<{ items: Output[] }>(ctx.app, 'GET', url, { token: ctx.owner.token });
      expect(list.body.items.map((o) => o.id)).toContain(output.id);
    }
  });

  it('a partial update changes only what it names (no create-time defaults sneak in)', async () => {
    const as = { token: ctx.owner.token };
    const src = await op(ctx.app, 'sources.create', {
      ...as,
      body: { workspaceId: ctx.owner.workspaceId, name: 'Cam', type: 'rtmp' },
    });
    const player = await op(ctx.app, 'outputs.create', {
      ...as,
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Kept',
        mainSourceId: src.body.id,
        latency: 'high',
        passwords: ['a', 'b'],
      },
    });
    const changed = await op(ctx.app, 'outputs.update', {
      ...as,
      params: { id: player.body.id },
      body: { recording: true },
    });
    expect(changed.body).toMatchObject({
      recording: true,
      mainSourceId: src.body.id,
      latency: 'high',
      passwordCount: 2,
    });
    const target = await op(ctx.app, 'targets.create', {
      ...as,
      body: {
        workspaceId: ctx.owner.workspaceId,
        name: 'Relay',
        sourceId: src.body.id,
        settings: { type: 'rtmp', url: 'rtmp://127.0.0.1:1/app', streamKey: 'k' },
      },
    });
    const disabled = await op(ctx.app, 'targets.update', {
      ...as,
      params: { id: target.body.id },
      body: { enabled: false },
    });
    expect(disabled.body).toMatchObject({ enabled: false, sourceId: src.body.id });
    const before = (await op(ctx.app, 'sources.get', { ...as, params: { id: src.body.id } })).body;
    const recording = await op(ctx.app, 'sources.update', {
      ...as,
      params: { id: src.body.id },
      body: { recording: true },
    });
    expect(recording.body).toMatchObject({
      recording: true,
      startNow: before.startNow,
      loop: before.loop,
      endpoint: before.endpoint,
    });
  });

  it('names the field of bad input', async () => {
    const cases: [object, string][] = [
      [{ name: '' }, 'name'],
      [{ latency: 'instant' }, 'latency'],
      [{ behaviour: 'random' }, 'behaviour'],
      [{ commentExpirationHours: 5 }, 'commentExpirationHours'],
      [{ whitelist: ['not a domain!'] }, 'whitelist'],
      [{ background: 'red' }, 'background'],
      [{ overlay: { mediaId: output.id, x: 0, y: 0, width: 0, height: 10 } }, 'overlay'],
      [{ mainSourceId: '00000000-0000-4000-8000-000000000000' }, 'mainSourceId'],
      [{ fallbackMediaId: '00000000-0000-4000-8000-000000000000' }, 'fallbackMediaId'],
    ];
    for (const [body, field] of cases) {
      const res = await op(ctx.app, 'outputs.update', {
        token: ctx.owner.token,
        params: { id: output.id },
        body,
      });
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body.details![0]!.field).toContain(field);
    }
  });

  it('shows another corporation nothing of outputs and comments', async () => {
    const stranger = await createTenant(ctx, 'Outsider Corp');
    const as = { token: stranger.user.token };
    for (const [method, url, body] of [
      ['GET', `/v1/outputs/${output.id}`],
      ['PUT', `/v1/outputs/${output.id}`, { name: 'Mine' }],
      ['DELETE', `/v1/outputs/${output.id}`],
      ['GET', `/v1/outputs/${output.id}/passwords`],
      ['GET', `/v1/outputs/${output.id}/statistics`],
      ['GET', `/v1/outputs/${output.id}/comments`],
      ['POST', `/v1/outputs/${output.id}/comments`, { text: 'spam' }],
      ['PUT', `/v1/comments/${comment.id}`, { text: 'edited' }],
      ['DELETE', `/v1/comments/${comment.id}`],
      ['PUT', `/v1/comments/${comment.id}/approve`],
      ['PUT', `/v1/comments/${comment.id}/unapprove`],
      ['GET', `/v1/workspaces/${ctx.owner.workspaceId}/outputs`],
      ['GET', `/v1/corporations/${ctx.owner.corporationId}/outputs`],
    ] as const) {
      const res = await call(ctx.app, method, url, { ...as, body });
      expect([method, url, res.status]).toEqual([method, url, 404]);
    }
    expect((await op(ctx.app, 'outputs.list', as)).body).toMatchObject({ total: 0 });
    expect((await op(ctx.app, 'comments.list', as)).body).toMatchObject({ total: 0 });
    expect((await op(ctx.app, 'outputs.list', {})).status).toBe(401);
    // The public player API still answers about the player, but only through the access rules.
    expect((await op(ctx.app, 'play.session', { params: { id: output.id }, body: {} })).status).toBe(401);
    expect(
      (
        await op(ctx.app, 'play.session', {
          params: { id: '00000000-0000-4000-8000-000000000000' },
          body: {},
        })
      ).status,
    ).toBe(404);
  });

  it('lets a read-only member see outputs but not passwords or moderation', async () => {
    const reader = await createTenant(ctx, 'Reader Corp');
    await op(ctx.app, 'workspaces.setUserPermissions', {
      token: ctx.owner.token,
      params: { id: ctx.owner.workspaceId },
      body: { userId: reader.user.user.id, permissions: ['read'] },
    });
    const as = { token: reader.user.token };
    expect((await op(ctx.app, 'outputs.get', { ...as, params: { id: output.id } })).status).toBe(200);
    expect((await op(ctx.app, 'outputs.passwords', { ...as, params: { id: output.id } })).status).toBe(403);
    expect((await op(ctx.app, 'comments.unapprove', { ...as, params: { id: comment.id } })).status).toBe(403);
    expect(
      (await op(ctx.app, 'outputs.update', { ...as, params: { id: output.id }, body: { name: 'x' } })).status,
    ).toBe(403);
  });
});
