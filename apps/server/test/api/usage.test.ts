import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createMember, createWorkspace } from '../helpers/tenancy';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
beforeAll(async () => {
  // Private receivers are allowed so a target can be made without DNS; the policy has its own tests.
  ctx = await createTestApp({ TARGET_ALLOW_PRIVATE: 'true' });
});
afterAll(() => ctx.close());

const zeroResources = { storageBytes: 0, sources: 0, targets: 0, outputs: 0, medias: 0 };

describe(`usage (${testDbEngine()})`, () => {
  it('counts the workspaces and users of a corporation and of a workspace', async () => {
    const t = await createTenant(ctx, 'Usage Corp');
    const first = await op(ctx.app, 'usage.ofCorporation', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      corporationId: t.corporationId,
      workspaceId: null,
      workspaces: 1,
      users: 1,
    });
    const second = await createWorkspace(ctx, t.user.token, t.corporationId, 'Second');
    await createMember(ctx, t.user.token, { corporationId: t.corporationId }, ['read']);
    await createMember(ctx, t.user.token, { workspaceId: second }, ['write']);
    const now = await op(ctx.app, 'usage.ofCorporation', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    expect(now.body).toMatchObject({ workspaces: 2, users: 3, ...zeroResources });
    expect(Math.abs(Date.parse(now.body.lastUpdate) - Date.now())).toBeLessThan(60_000);
    const ws = await op(ctx.app, 'usage.ofWorkspace', { token: t.user.token, params: { id: second } });
    expect(ws.body).toMatchObject({
      corporationId: t.corporationId,
      workspaceId: second,
      workspaces: 1,
      users: 1,
    });
    // Another tenant's workspaces and users do not count.
    const other = await createTenant(ctx, 'Other Usage Corp');
    const after = await op(ctx.app, 'usage.ofCorporation', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    expect(after.body).toMatchObject({ workspaces: 2, users: 3 });
    const theirs = await op(ctx.app, 'usage.ofCorporation', {
      token: other.user.token,
      params: { id: other.corporationId },
    });
    expect(theirs.body).toMatchObject({ workspaces: 1, users: 1 });
  });

  it('counts the targets of a corporation and of each workspace', async () => {
    const t = await createTenant(ctx, 'Target Usage Corp');
    const second = await createWorkspace(ctx, t.user.token, t.corporationId, 'Second');
    const settings = { type: 'srt' as const, host: '10.0.0.5', port: 9999, passphrase: 'a-long-passphrase' };
    for (const [workspaceId, name] of [
      [t.workspaceId, 'One'],
      [t.workspaceId, 'Two'],
      [second, 'Three'],
    ] as const) {
      const made = await op(ctx.app, 'targets.create', {
        token: t.user.token,
        body: { workspaceId, name, settings } as never,
      });
      expect(made.status).toBe(201);
    }
    const corp = await op(ctx.app, 'usage.ofCorporation', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    expect(corp.body.targets).toBe(3);
    const ws = await op(ctx.app, 'usage.ofWorkspace', { token: t.user.token, params: { id: second } });
    expect(ws.body.targets).toBe(1);
  });

  it('usage.report records a report that usage.lastReportOfCorporation then returns', async () => {
    const t = await createTenant(ctx, 'Report Corp');
    const none = await op(ctx.app, 'usage.lastReportOfCorporation', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ report: null });
    const posted = await op(ctx.app, 'usage.report', {
      token: t.user.token,
      body: { corporationId: t.corporationId },
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ corporationId: t.corporationId, workspaceId: null });
    expect(posted.body.usage).toMatchObject({ corporationId: t.corporationId, workspaces: 1, users: 1 });
    await createWorkspace(ctx, t.user.token, t.corporationId, 'Later');
    const last = await op(ctx.app, 'usage.lastReportOfCorporation', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    // The report is a snapshot: the workspace created after it is not in it.
    expect(last.body.report).toEqual(posted.body);
    const next = await op(ctx.app, 'usage.report', {
      token: t.user.token,
      body: { corporationId: t.corporationId },
    });
    expect(next.body.usage.workspaces).toBe(2);
    const latest = await op(ctx.app, 'usage.lastReportOfCorporation', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    expect(latest.body.report!.id).toBe(next.body.id);
  });

  it('a workspace report is kept apart from the corporation report', async () => {
    const t = await createTenant(ctx, 'WS Report Corp');
    const wsReport = await op(ctx.app, 'usage.report', {
      token: t.user.token,
      body: { corporationId: t.corporationId, workspaceId: t.workspaceId },
    });
    expect(wsReport.status).toBe(201);
    expect(wsReport.body).toMatchObject({ corporationId: t.corporationId, workspaceId: t.workspaceId });
    const wsLast = await op(ctx.app, 'usage.lastReportOfWorkspace', {
      token: t.user.token,
      params: { id: t.workspaceId },
    });
    expect(wsLast.body.report!.id).toBe(wsReport.body.id);
    const corpLast = await op(ctx.app, 'usage.lastReportOfCorporation', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    expect(corpLast.body).toEqual({ report: null });
  });

  it('refuses a report whose workspace belongs to another corporation of the caller', async () => {
    const t = await createTenant(ctx, 'Two Corps A');
    const second = await op(ctx.app, 'corporations.create', {
      token: t.user.token,
      body: { name: 'Two Corps B' },
    });
    const res = await op(ctx.app, 'usage.report', {
      token: t.user.token,
      body: { corporationId: second.body.id, workspaceId: t.workspaceId },
    });
    expectError(res, 404, 'NOT_FOUND');
    const last = await op(ctx.app, 'usage.lastReportOfCorporation', {
      token: t.user.token,
      params: { id: second.body.id },
    });
    expect(last.body).toEqual({ report: null });
  });
});

describe(`quota (${testDbEngine()})`, () => {
  it('members read the quota; only a platform admin changes it', async () => {
    const t = await createTenant(ctx, 'Quota Read Corp');
    const reader = await createMember(ctx, t.user.token, { corporationId: t.corporationId }, ['read']);
    const got = await op(ctx.app, 'usage.quota', { token: reader.token, params: { id: t.corporationId } });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      corporationId: t.corporationId,
      maxWorkspaces: 50,
      maxUsers: 100,
      maxStorageBytes: 107_374_182_400,
      maxSources: 50,
      maxTargets: 100,
      maxOutputs: 50,
      maxViewers: 10_000,
    });
    const byCorpAdmin = await op(ctx.app, 'usage.updateQuota', {
      token: t.user.token,
      params: { id: t.corporationId },
      body: { maxWorkspaces: 500 },
    });
    expectError(byCorpAdmin, 403, 'FORBIDDEN');
    const byPlatform = await op(ctx.app, 'usage.updateQuota', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
      body: { maxWorkspaces: 7, maxStorageBytes: 5_000_000_000 },
    });
    expect(byPlatform.status).toBe(200);
    expect(byPlatform.body).toMatchObject({
      maxWorkspaces: 7,
      maxStorageBytes: 5_000_000_000,
      maxUsers: 100,
    });
    const seen = await op(ctx.app, 'usage.quota', { token: reader.token, params: { id: t.corporationId } });
    expect(seen.body).toEqual(byPlatform.body);
    // An empty change is valid and keeps the values.
    const empty = await op(ctx.app, 'usage.updateQuota', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
      body: {},
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ maxWorkspaces: 7, maxStorageBytes: 5_000_000_000 });
  });
});
