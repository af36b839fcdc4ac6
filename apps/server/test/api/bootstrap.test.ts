import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { op } from '../helpers/route-call';
import { createTestApp, OWNER, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe(`first run and login (${testDbEngine()})`, () => {
  it('bootstraps an owner whose corporations include the first corporation', async () => {
    const res = await op(ctx.app, 'users.corporations', {
      token: ctx.owner.token,
      params: { id: ctx.owner.user.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.items.map((c) => c.name)).toEqual(['My Corporation']);
    expect(res.body.items[0]!.permissions).toContain('admin');
    expect(ctx.owner.user.email).toBe(OWNER.email);
    expect(ctx.owner.user.isAdmin).toBe(true);
  });

  it('refuses a wrong password with 401 and a stable code', async () => {
    const res = await op(ctx.app, 'users.login', { body: { email: OWNER.email, password: 'nope-nope' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('reports database, broker and media engines in health', async () => {
    const res = await op(ctx.app, 'health.get', {});
    expect(res.status).toBe(200);
    expect(res.body.parts.database!.engine).toBe(testDbEngine());
    expect(res.body.parts.broker!.engine).toContain('aedes');
    expect(res.body.parts.mail!.engine).toBe('outbox');
    // One process without ROLE/INGEST_REGION is API and every region's ingest (issue 19, placement).
    expect(res.body.process).toEqual({ role: 'all', regions: ['europe', 'us-west', 'europe-srt'] });
    expect(res.body.parts.jobs).toMatchObject({ ok: true, waiting: 0 });
  });

  it('answers readiness and liveness for load balancers', async () => {
    const ready = await op(ctx.app, 'health.ready', {});
    expect([ready.status, ready.body]).toEqual([200, { ready: true, role: 'all', reasons: [] }]);
    const live = await op(ctx.app, 'health.live', {});
    expect([live.status, live.body]).toEqual([200, { alive: true }]);
  });

  it('does not run the bootstrap twice', async () => {
    const { bootstrapFirstRun } = await import('../../src/bootstrap');
    const again = await bootstrapFirstRun(
      ctx.app.services.database.db,
      ctx.app.services.config,
      ctx.app.services,
      ctx.app.log,
    );
    expect(again).toBeNull();
  });
});
