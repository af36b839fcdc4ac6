import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/modules/live/live-events';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createMember, createWorkspace } from '../helpers/tenancy';
import { createTenant, createTestApp, createUser, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

// Issue 32: a player's edit that names no source or media, and a source's create without media or SRT
// port, are one statement carrying the caller's tenancy (AccessService.scope) and, for a create, the quota's
// room; only when it matches nothing is the row or workspace read and decided. These are the answers the
// checked path gives, for every kind of caller, and what reaches the live plane.
let ctx: TestContext;
const live: LiveEvent[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.app.services.liveEvents.subscribe(async (e) => void live.push(e));
});
afterAll(() => ctx.close());

/** Every kind of caller of a tenant: who may write in its workspace, who may only read, who is outside. */
async function callersOf(t: Awaited<ReturnType<typeof createTenant>>) {
  const other = await createWorkspace(ctx, t.user.token, t.corporationId, 'Other');
  const member = (
    scope: { corporationId: string } | { workspaceId: string },
    p: 'read' | 'write' | 'admin',
  ) => createMember(ctx, t.user.token, scope, [p]);
  const corpWriter = await member({ corporationId: t.corporationId }, 'write');
  const wsWriter = await member({ workspaceId: t.workspaceId }, 'write');
  const writers = [
    ['owner', t.user.token],
    ['corporation writer', corpWriter.token],
    ['workspace writer', wsWriter.token],
    ['platform administrator', ctx.owner.token],
  ] as const;
  const readers = [
    (await member({ corporationId: t.corporationId }, 'read')).token,
    (await member({ workspaceId: t.workspaceId }, 'read')).token,
  ];
  const outsiders = [(await member({ workspaceId: other }, 'admin')).token, (await createUser(ctx)).token];
  return { other, writers, readers, outsiders, corpWriter, wsWriter };
}

const edit = (token: string, id: string, body: object) =>
  op(ctx.app, 'outputs.update', { token, params: { id }, body: body as never });

describe(`a player's edit without references decides access as the checked edit does (${testDbEngine()})`, () => {
  it('owners, corporation-wide and workspace writers edit; readers get 403, strangers 404, blocked 403', async () => {
    const t = await createTenant(ctx, 'Edit Corp');
    const player = await op(ctx.app, 'outputs.create', {
      token: t.user.token,
      body: { workspaceId: t.workspaceId, name: 'Player', behaviour: 'live' } as never,
    });
    expect(player.status).toBe(201);
    const id = player.body.id as string;
    const { writers, readers, outsiders, corpWriter, wsWriter } = await callersOf(t);
    for (const [who, token] of writers) {
      const res = await edit(token, id, { name: `By ${who}` });
      expect(res.status, who).toBe(200);
      expect(res.body.name).toBe(`By ${who}`);
    }
    for (const token of readers) expectError(await edit(token, id, { name: 'No' }), 403, 'FORBIDDEN');
    for (const token of outsiders) expectError(await edit(token, id, { name: 'No' }), 404, 'NOT_FOUND');
    expectError(
      await edit(t.user.token, '00000000-0000-4000-8000-000000000000', { name: 'No' }),
      404,
      'NOT_FOUND',
    );
    const after = await op(ctx.app, 'outputs.get', { token: t.user.token, params: { id } });
    expect(after.body.name).toBe('By platform administrator');

    await op(ctx.app, 'corporations.block', { token: ctx.owner.token, params: { id: t.corporationId } });
    for (const token of [t.user.token, corpWriter.token, wsWriter.token])
      expectError(await edit(token, id, { name: 'Blocked' }), 403, 'CORPORATION_BLOCKED');
    expect((await edit(ctx.owner.token, id, { name: 'Admin still' })).status).toBe(200);
  });

  it('merges the changed settings into the stored ones and wakes the live plane only for settings', async () => {
    const t = await createTenant(ctx, 'Merge Corp');
    const created = await op(ctx.app, 'outputs.create', {
      token: t.user.token,
      body: { workspaceId: t.workspaceId, name: 'Player', behaviour: 'live', recording: true } as never,
    });
    const id = created.body.id as string;
    live.length = 0;
    const renamed = await edit(t.user.token, id, { name: 'Renamed', passwords: ['letmein'] });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', behaviour: 'live', recording: true });
    expect(live.filter((e) => e.type === 'output-changed')).toEqual([]);

    const changed = await edit(t.user.token, id, { recording: false });
    expect(changed.body).toMatchObject({ name: 'Renamed', behaviour: 'live', recording: false });
    expect(live.filter((e) => e.type === 'output-changed')).toEqual([{ type: 'output-changed', id }]);
    const passwords = await op(ctx.app, 'outputs.passwords', { token: t.user.token, params: { id } });
    expect(passwords.body.passwords).toEqual(['letmein']);
  });
});

describe(`a source's create in one statement decides access and room as the checked create does (${testDbEngine()})`, () => {
  it('writers create; readers get 403, strangers 404, blocked 403, a full quota QUOTA_EXCEEDED', async () => {
    const t = await createTenant(ctx, 'Create Corp');
    const { other, writers, readers, outsiders, corpWriter, wsWriter } = await callersOf(t);
    const create = (token: string, workspaceId: string, name: string) =>
      op(ctx.app, 'sources.create', { token, body: { workspaceId, name, type: 'rtmp' } as never });
    for (const [who, token] of writers) {
      const res = await create(token, t.workspaceId, who);
      expect(res.status, who).toBe(201);
      expect(res.body).toMatchObject({
        name: who,
        workspaceId: t.workspaceId,
        corporationId: t.corporationId,
      });
    }
    for (const token of readers) expectError(await create(token, t.workspaceId, 'No'), 403, 'FORBIDDEN');
    expectError(await create(wsWriter.token, other, 'No'), 404, 'NOT_FOUND');
    for (const token of outsiders) expectError(await create(token, t.workspaceId, 'No'), 404, 'NOT_FOUND');
    expectError(await create(t.user.token, '00000000-0000-4000-8000-000000000000', 'No'), 404, 'NOT_FOUND');
    const listed = await op(ctx.app, 'sources.list', {
      token: t.user.token,
      query: { workspaceId: t.workspaceId },
    });
    expect(listed.body.total).toBe(4);

    const quota = await op(ctx.app, 'usage.updateQuota', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
      body: { maxSources: 4 } as never,
    });
    expect(quota.status).toBe(200);
    const full = expectError(await create(t.user.token, t.workspaceId, 'Fifth'), 403, 'QUOTA_EXCEEDED');
    expect(full.details).toEqual([expect.objectContaining({ metric: 'sources', used: 4, limit: 4 })]);
    expect(
      (await op(ctx.app, 'sources.list', { token: t.user.token, query: { workspaceId: t.workspaceId } })).body
        .total,
    ).toBe(4);

    await op(ctx.app, 'corporations.block', { token: ctx.owner.token, params: { id: t.corporationId } });
    expectError(await create(corpWriter.token, t.workspaceId, 'Blocked'), 403, 'CORPORATION_BLOCKED');
  });
});
