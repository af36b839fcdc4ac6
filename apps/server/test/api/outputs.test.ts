import type { Comment } from '@stromwerk/contracts/comments';
import type { Output } from '@stromwerk/contracts/outputs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
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
    for (const [operation, id] of [
      ['outputs.listInWorkspace', ctx.owner.workspaceId],
      ['outputs.listInCorporation', ctx.owner.corporationId],
    ] as const) {
      const list = await op(ctx.app, operation, { token: ctx.owner.token, params: { id } });
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
      name: 'Kept',
      recording: true,
      mainSourceId: src.body.id,
      latency: 'high',
      passwordCount: 2,
    });
    // Given, a name and an empty password list replace what was there.
    const renamed = await op(ctx.app, 'outputs.update', {
      ...as,
      params: { id: player.body.id },
      body: { name: 'Renamed', passwords: [] },
    });
    expect(renamed.body).toMatchObject({ name: 'Renamed', recording: true, passwordCount: 0 });
    // An edit looks up only the references it changes: after its source was deleted, the player can still
    // be renamed; naming the deleted source again as a change is refused.
    const gone = await op(ctx.app, 'sources.create', {
      ...as,
      body: { workspaceId: ctx.owner.workspaceId, name: 'Gone', type: 'rtmp' },
    });
    await op(ctx.app, 'outputs.update', {
      ...as,
      params: { id: player.body.id },
      body: { backupSourceId: gone.body.id },
    });
    expect((await op(ctx.app, 'sources.remove', { ...as, params: { id: gone.body.id } })).status).toBe(204);
    const again = await op(ctx.app, 'outputs.update', {
      ...as,
      params: { id: player.body.id },
      body: { name: 'After the delete' },
    });
    expect(again.status).toBe(200);
    const other = await op(ctx.app, 'outputs.update', {
      ...as,
      params: { id: player.body.id },
      body: { mainSourceId: gone.body.id },
    });
    expectError(other, 400, 'VALIDATION_FAILED');
    expect(Date.parse(renamed.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(player.body.updatedAt));
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

  it('keeps a quality ladder, source only by default (issue 34)', async () => {
    expect(output.ladder).toEqual([]);
    const as = { token: ctx.owner.token, params: { id: output.id } };
    const res = await op(ctx.app, 'outputs.update', { ...as, body: { ladder: ['source', '480p', '240p'] } });
    expect(res.status).toBe(200);
    expect((await op(ctx.app, 'outputs.get', as)).body.ladder).toEqual(['source', '480p', '240p']);
    await op(ctx.app, 'outputs.update', { ...as, body: { ladder: [] } });
    expect((await op(ctx.app, 'outputs.get', as)).body.ladder).toEqual([]);
  });

  it('names the field of bad input', async () => {
    const cases: [object, string][] = [
      [{ name: '' }, 'name'],
      [{ latency: 'instant' }, 'latency'],
      [{ behaviour: 'random' }, 'behaviour'],
      [{ commentExpirationHours: 5 }, 'commentExpirationHours'],
      [{ whitelist: ['not a domain!'] }, 'whitelist'],
      [{ background: 'red' }, 'background'],
      [{ ladder: ['4k'] }, 'ladder'],
      [{ ladder: ['720p', '720p'] }, 'ladder'],
      [{ ladder: '720p' }, 'ladder'],
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
    const out = { id: output.id };
    const com = { id: comment.id };
    for (const [operation, params, body] of [
      ['outputs.get', out],
      ['outputs.update', out, { name: 'Mine' }],
      ['outputs.remove', out],
      ['outputs.passwords', out],
      ['outputs.statistics', out],
      ['comments.listOfOutput', out],
      ['comments.create', out, { text: 'spam' }],
      ['comments.edit', com, { text: 'edited' }],
      ['comments.remove', com],
      ['comments.approve', com],
      ['comments.unapprove', com],
      ['outputs.listInWorkspace', { id: ctx.owner.workspaceId }],
      ['outputs.listInCorporation', { id: ctx.owner.corporationId }],
    ] as const) {
      // The operation is chosen per row, so the input is not held to one operation's type.
      const res = await op(ctx.app, operation, { ...as, params, body } as never);
      expect([operation, params, res.status]).toEqual([operation, params, 404]);
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
