import type { Session } from '@stromwerk/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { linkParam, SmtpCapture } from '../helpers/smtp-capture';
import { createTenant, createTestApp, createUser, login, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
let smtp: SmtpCapture;
let tenant: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => {
  smtp = await SmtpCapture.start();
  ctx = await createTestApp({ SMTP_URL: smtp.url });
  tenant = await createTenant(ctx, 'Inviting Corp');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

let n = 0;
const fresh = () => `invitee-${++n}-${Date.now()}@example.test`;
const invite = (email: string, body: Record<string, unknown> = {}) =>
  op(ctx.app, 'invitations.create', {
    token: tenant.user.token,
    body: { corporationId: tenant.corporationId, email, permissions: ['write'], ...body },
  });
const byCode = (code: string) => op(ctx.app, 'invitations.byCode', { params: { code } });
const register = (email: string, invitationCode?: string) =>
  op(ctx.app, 'users.register', {
    body: { email, password: 'invited-password', name: 'Invited Person', invitationCode },
  });
const corporationsOf = (s: Session) =>
  op(ctx.app, 'users.corporations', { token: s.token, params: { id: s.user.id } });

describe(`invitations by mail (${testDbEngine()})`, () => {
  it('mails a code; by-code previews it; sign-up with the code gives the membership; the code is spent', async () => {
    const email = fresh();
    const created = await invite(email.toUpperCase());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email,
      corporationId: tenant.corporationId,
      corporationName: 'Inviting Corp',
      workspaceId: null,
      permissions: ['read', 'write'],
      status: 'pending',
      invitedBy: tenant.user.user.id,
    });
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('You are invited to Inviting Corp on Stromwerk');
    expect(mail.headers.from).toContain('no-reply@stromwerk.local');
    const code = linkParam(mail.text, '/login/create-account', 'code');
    expect(code).toBe(created.body.code);
    expect(mail.text).toContain(`Invitation code: ${code}`);
    expect(mail.text).toContain('http://stromwerk.test/login/create-account?code=');

    const preview = await byCode(code!);
    expect(preview.status).toBe(200);
    const { code: _shownOnce, ...withoutCode } = created.body;
    expect(preview.body).toEqual(withoutCode);

    const session = await register(email, code);
    expect(session.status).toBe(201);
    expect(session.body.user).toMatchObject({ email, name: 'Invited Person', emailVerified: true });
    const corps = await corporationsOf(session.body);
    expect(corps.body.items.map((c) => [c.id, c.permissions])).toEqual([
      [tenant.corporationId, ['read', 'write']],
    ]);
    const ws = await op(ctx.app, 'workspaces.get', {
      token: session.body.token,
      params: { id: tenant.workspaceId },
    });
    expect(ws.status).toBe(200);

    expectError(await byCode(code!), 400, 'INVITATION_INVALID', 'invitationCode');
    expectError(await register(fresh(), code), 400, 'INVITATION_INVALID', 'invitationCode');
    const seen = await op(ctx.app, 'invitations.get', {
      token: tenant.user.token,
      params: { id: created.body.id },
    });
    expect(seen.body.status).toBe('accepted');
  });

  it('a code is only good for the address it was sent to', async () => {
    const created = await invite(fresh());
    expectError(await register(fresh(), created.body.code), 400, 'INVITATION_INVALID', 'email');
    expect((await byCode(created.body.code)).body.status).toBe('pending');
  });

  it('an existing user accepts from their invitations list and becomes a member', async () => {
    const u = await createUser(ctx, { emailVerified: true });
    const created = await invite(u.user.email, { workspaceId: tenant.workspaceId, permissions: ['read'] });
    await smtp.waitFor(u.user.email);
    const mine = await op(ctx.app, 'invitations.list', { token: u.token });
    expect(mine.body.items.map((i) => [i.id, i.status])).toEqual([[created.body.id, 'pending']]);
    expect(JSON.stringify(mine.body)).not.toContain(created.body.code);
    const accepted = await op(ctx.app, 'invitations.respond', {
      token: u.token,
      query: { accept: 'true' },
      params: { id: created.body.id },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: created.body.id, status: 'accepted' });
    const ws = await op(ctx.app, 'workspaces.get', { token: u.token, params: { id: tenant.workspaceId } });
    expect(ws.body.permissions).toEqual(['read']);
    const again = await op(ctx.app, 'invitations.respond', {
      token: u.token,
      params: { id: created.body.id },
      body: { accept: true },
    });
    expectError(again, 409, 'INVITATION_CLOSED');
    // Accepted is a membership now: it cannot be "revoked" while the access stays.
    const revoke = await op(ctx.app, 'invitations.revoke', {
      token: tenant.user.token,
      params: { id: created.body.id },
    });
    expectError(revoke, 409, 'CONFLICT');
    const kept = await op(ctx.app, 'invitations.get', {
      token: tenant.user.token,
      params: { id: created.body.id },
    });
    expect(kept.body.status).toBe('accepted');
  });

  it('accepting never lowers an existing membership, so the last admin stays admin', async () => {
    const t = await createTenant(ctx, 'Self Invite Corp');
    const created = await op(ctx.app, 'invitations.create', {
      token: t.user.token,
      body: { corporationId: t.corporationId, email: t.user.user.email, permissions: ['read'] },
    });
    // Their address is not verified: the mailed code proves it.
    const accepted = await op(ctx.app, 'invitations.respond', {
      token: t.user.token,
      params: { id: created.body.id },
      body: { accept: true, code: created.body.code },
    });
    expect(accepted.body.status).toBe('accepted');
    const access = await op(ctx.app, 'corporations.hasAccess', {
      token: t.user.token,
      query: { permission: 'admin' },
      params: { id: t.corporationId },
    });
    expect(access.body).toEqual({ access: true, permissions: ['read', 'write', 'admin'] });
  });

  it('declining leaves the user outside the corporation', async () => {
    const u = await createUser(ctx, { emailVerified: true });
    const created = await invite(u.user.email);
    const declined = await op(ctx.app, 'invitations.respond', {
      token: u.token,
      params: { id: created.body.id },
      body: { accept: false },
    });
    expect(declined.body.status).toBe('declined');
    expectError(
      await op(ctx.app, 'corporations.get', { token: u.token, params: { id: tenant.corporationId } }),
      404,
      'NOT_FOUND',
    );
    expectError(await byCode(created.body.code), 400, 'INVITATION_INVALID');
  });

  it('the inviting admin changes permissions while pending and revokes; a revoked code is dead', async () => {
    const email = fresh();
    const created = await invite(email);
    const changed = await op(ctx.app, 'invitations.update', {
      token: tenant.user.token,
      params: { id: created.body.id },
      body: { permissions: ['admin'] },
    });
    expect(changed.body.permissions).toEqual(['read', 'write', 'admin']);
    const sent = await op(ctx.app, 'invitations.list', {
      token: tenant.user.token,
      query: { scope: 'sent' },
    });
    expect(sent.body.items.map((i) => i.id)).toContain(created.body.id);
    const revoked = await op(ctx.app, 'invitations.revoke', {
      token: tenant.user.token,
      params: { id: created.body.id },
    });
    expect(revoked.status).toBe(204);
    expectError(await byCode(created.body.code), 400, 'INVITATION_INVALID');
    expectError(await register(email, created.body.code), 400, 'INVITATION_INVALID');
    const listed = await op(ctx.app, 'corporations.invitations', {
      token: tenant.user.token,
      params: { id: tenant.corporationId },
    });
    expect(listed.body.items.find((i) => i.id === created.body.id)!.status).toBe('revoked');
    const late = await op(ctx.app, 'invitations.update', {
      token: tenant.user.token,
      params: { id: created.body.id },
      body: { permissions: ['read'] },
    });
    expectError(late, 409, 'CONFLICT');
  });

  it('an invitation grants further workspaces, each at its own level; a foreign one is refused', async () => {
    const second = await op(ctx.app, 'workspaces.create', {
      token: tenant.user.token,
      body: { corporationId: tenant.corporationId, name: `Second ${Date.now()}` },
    });
    const stranger = await createTenant(ctx, 'Foreign Grants Corp');
    const foreign = await invite(fresh(), {
      workspaceId: tenant.workspaceId,
      permissions: ['read'],
      workspaces: [{ workspaceId: stranger.workspaceId, permission: 'write' }],
    });
    const refused = expectError(foreign, 400, 'VALIDATION_FAILED', 'workspaceId');
    expect(refused.details![0]!.field).toBe('workspaces.0.workspaceId');
    const email = fresh();
    const created = await invite(email, {
      workspaceId: tenant.workspaceId,
      permissions: ['read'],
      workspaces: [{ workspaceId: second.body.id, permission: 'write' }],
    });
    expect(created.status).toBe(201);
    expect(created.body.workspaces).toEqual([{ workspaceId: second.body.id, permission: 'write' }]);
    const session = await register(email, created.body.code);
    expect(session.status).toBe(201);
    const mine = await op(ctx.app, 'workspaces.list', { token: session.body.token });
    const levels = new Map(mine.body.items.map((w) => [w.id, w.permissions]));
    expect(levels.get(tenant.workspaceId)).toEqual(['read']);
    expect(levels.get(second.body.id)).toEqual(['read', 'write']);
    expect(mine.body.items).toHaveLength(2);
  });

  it('resend mails a new code; the old code stops working; only pending invitations are resent', async () => {
    const email = fresh();
    const created = await invite(email);
    const first = linkParam((await smtp.waitFor(email)).text, '/login/create-account', 'code');
    const stranger = await createUser(ctx, { emailVerified: true });
    const theirs = await op(ctx.app, 'invitations.resend', {
      token: stranger.token,
      params: { id: created.body.id },
    });
    expectError(theirs, 404, 'NOT_FOUND');
    const resent = await op(ctx.app, 'invitations.resend', {
      token: tenant.user.token,
      params: { id: created.body.id },
    });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: created.body.id, status: 'pending' });
    const second = linkParam((await smtp.waitFor(email, 2)).text, '/login/create-account', 'code');
    expect(second).not.toBe(first);
    expectError(await byCode(first!), 400, 'INVITATION_INVALID');
    expect((await byCode(second!)).status).toBe(200);
    await op(ctx.app, 'invitations.revoke', { token: tenant.user.token, params: { id: created.body.id } });
    expectError(
      await op(ctx.app, 'invitations.resend', { token: tenant.user.token, params: { id: created.body.id } }),
      409,
      'CONFLICT',
    );
  });

  it('a newer invitation to the same address replaces the older one', async () => {
    const email = fresh();
    const older = await invite(email);
    const newer = await invite(email, { permissions: ['read'] });
    expect(smtp.to(email)).toHaveLength(2);
    expectError(await byCode(older.body.code), 400, 'INVITATION_INVALID');
    expect((await byCode(newer.body.code)).body.permissions).toEqual(['read']);
  });

  it('sign-up without a code is closed: 403 SIGNUP_DISABLED, no account', async () => {
    const email = fresh();
    expectError(await register(email), 403, 'SIGNUP_DISABLED');
    expectError(
      await op(ctx.app, 'users.login', { body: { email, password: 'invited-password' } }),
      401,
      'INVALID_CREDENTIALS',
    );
  });
});

describe(`open sign-up, ALLOW_SIGNUP=true (${testDbEngine()})`, () => {
  let open: TestContext;
  beforeAll(async () => {
    open = await createTestApp({ ALLOW_SIGNUP: 'true' });
  });
  afterAll(() => open.close());

  it('creates an account without a code, with no corporation; a taken email is refused', async () => {
    const body = {
      email: 'Self.Made@Example.test',
      password: 'self-made-pass',
      name: 'Self Made',
      language: 'de' as const,
    };
    const res = await op(open.app, 'users.register', { body });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      email: 'self.made@example.test',
      name: 'Self Made',
      language: 'de',
      emailVerified: false,
      isAdmin: false,
    });
    const corps = await op(open.app, 'users.corporations', {
      token: res.body.token,
      params: { id: res.body.user.id },
    });
    expect(corps.body.total).toBe(0);
    expect((await login(open.app, 'self.made@example.test', 'self-made-pass')).user.id).toBe(
      res.body.user.id,
    );
    expectError(await op(open.app, 'users.register', { body }), 409, 'EMAIL_TAKEN', 'email');
  });
});
