import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OperationName, op } from '../helpers/route-call';
import { createMember } from '../helpers/tenancy';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

// Issue 31, item 3: every corporation-wide list answers a member of one workspace the same way. Reported:
// the drafts list answered 200 with nothing while the others refused; on this code all six answer alike
// (corp('read'): any membership in the corporation lists what it may see), and this keeps them so.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const LISTS: OperationName[] = [
  'sources.listInCorporation',
  'targets.listInCorporation',
  'outputs.listInCorporation',
  'medias.listInCorporation',
  'jobs.listInCorporation',
  'drafts.listInCorporation',
];

describe(`corporation-wide lists (${testDbEngine()})`, () => {
  it('answer a member of one workspace alike, a corporation reader alike, and a stranger alike', async () => {
    const t = await createTenant(ctx, 'Lists Corp');
    const workspaceOnly = await createMember(ctx, t.user.token, { workspaceId: t.workspaceId }, ['admin']);
    const corporationReader = await createMember(ctx, t.user.token, { corporationId: t.corporationId }, [
      'read',
    ]);
    const stranger = await createTenant(ctx, 'Other Lists Corp');
    const answers: Record<string, number[]> = {};
    for (const name of LISTS) {
      const call = (token: string) =>
        op(ctx.app, name, { token, params: { id: t.corporationId }, query: {} });
      answers[name] = [
        (await call(workspaceOnly.token)).status,
        (await call(corporationReader.token)).status,
        (await call(stranger.user.token)).status,
      ];
    }
    expect(answers).toEqual(Object.fromEntries(LISTS.map((n) => [n, [200, 200, 404]])));
  });
});
