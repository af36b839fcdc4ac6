import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { decodeQuotedPrintable, linkParam, parseMail, SmtpCapture } from '../helpers/smtp-capture';
import { createTestApp, createUser, login, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await SmtpCapture.start();
  ctx = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const startReset = (email: string) => op(ctx.app, 'users.startPasswordReset', { query: { email } });
const completeReset = (payload: { token: string; password: string }, via: 'query' | 'body' = 'body') =>
  op(ctx.app, 'users.completePasswordReset', via === 'query' ? { query: payload } : { body: payload });

describe('mail parsing helper', () => {
  it('joins quoted-printable soft line breaks and decodes =3D', () => {
    expect(decodeQuotedPrintable('http://a.test/x?token=3DAbc=\r\nDef=\nGhi caf=C3=A9')).toBe(
      'http://a.test/x?token=AbcDefGhi café',
    );
    const mail = parseMail(
      'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nline=\r\n one\r\n',
    );
    expect(mail.subject).toBe('Grüße');
    expect(mail.text).toBe('line one\n');
  });
});

describe(`password reset by mail (${testDbEngine()})`, () => {
  it('mails a link whose token sets a new password; old password and old sessions stop working', async () => {
    const u = await createUser(ctx);
    const res = await startReset(u.user.email.toUpperCase());
    expect(res.status).toBe(204);
    const mail = await smtp.waitFor(u.user.email);
    expect(mail.subject).toBe('Reset your Stromwerk password');
    expect(mail.text).toContain(`Hello ${u.user.name},`);
    const token = linkParam(mail.text, '/login/reset-password', 'token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(mail.text).toContain(`http://stromwerk.test/login/reset-password?token=${token}`);

    const done = await completeReset({ token: token!, password: 'reset-new-password' });
    expect(done.status).toBe(204);
    expectError(await op(ctx.app, 'users.me', { token: u.token }), 401, 'TOKEN_INVALID');
    expectError(
      await op(ctx.app, 'users.login', { body: { email: u.user.email, password: u.password } }),
      401,
      'INVALID_CREDENTIALS',
    );
    const session = await login(ctx.app, u.user.email, 'reset-new-password');
    expect((await op(ctx.app, 'users.me', { token: session.token })).body.id).toBe(u.user.id);
    // Used once: the same link is now invalid.
    expectError(
      await completeReset({ token: token!, password: 'third-password' }),
      400,
      'LINK_INVALID',
      'token',
    );
    expect((await login(ctx.app, u.user.email, 'reset-new-password')).user.id).toBe(u.user.id);
  });

  it('completing one link spends every other pending link of the user; query payload works', async () => {
    const u = await createUser(ctx);
    await startReset(u.user.email);
    await startReset(u.user.email);
    const first = linkParam((await smtp.waitFor(u.user.email, 1)).text, '/login/reset-password', 'token')!;
    const second = linkParam((await smtp.waitFor(u.user.email, 2)).text, '/login/reset-password', 'token')!;
    expect(first).not.toBe(second);
    expect((await completeReset({ token: second, password: 'via-query-string' }, 'query')).status).toBe(204);
    expectError(
      await completeReset({ token: first, password: 'another-password' }),
      400,
      'LINK_INVALID',
      'token',
    );
    expect((await login(ctx.app, u.user.email, 'via-query-string')).user.id).toBe(u.user.id);
  });

  it('answers 204 for an unknown address and sends nothing', async () => {
    const before = smtp.messages.length;
    const res = await startReset('no-such-user@example.test');
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.to('no-such-user@example.test')).toEqual([]);
    expect(smtp.messages.length).toBe(before);
  });

  it('sends nothing to a blocked user', async () => {
    const u = await createUser(ctx);
    await op(ctx.app, 'users.block', { token: ctx.owner.token, params: { id: u.user.id } });
    expect((await startReset(u.user.email)).status).toBe(204);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.to(u.user.email)).toEqual([]);
  });

  it('refuses an invented token with 400 LINK_INVALID', async () => {
    expectError(
      await completeReset({ token: 'A'.repeat(43), password: 'whatever-pass' }),
      400,
      'LINK_INVALID',
      'token',
    );
  });
});

describe(`email verification by mail (${testDbEngine()})`, () => {
  it('mails a link; completing it marks the email verified; the link works once', async () => {
    const u = await createUser(ctx);
    expect(u.user.emailVerified).toBe(false);
    const res = await op(ctx.app, 'users.startEmailVerification', {
      token: u.token,
      params: { id: u.user.id },
    });
    expect(res.status).toBe(204);
    const mail = await smtp.waitFor(u.user.email);
    expect(mail.subject).toBe('Confirm your email address for Stromwerk');
    const token = linkParam(mail.text, '/login/verify-email', 'token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // No session is needed to complete it: the link is opened from the mailbox.
    const done = await op(ctx.app, 'users.completeEmailVerification', { query: { token: token! } });
    expect(done.status).toBe(204);
    const me = await op(ctx.app, 'users.me', { token: u.token });
    expect(me.body.emailVerified).toBe(true);
    const again = await op(ctx.app, 'users.completeEmailVerification', { query: { token: token! } });
    expectError(again, 400, 'LINK_INVALID', 'token');
    const pending = await op(ctx.app, 'users.listEmailVerifications', { token: u.token });
    expect(pending.body.total).toBe(0);
  });

  it('an email change takes effect through the link mailed to the new address, once', async () => {
    const u = await createUser(ctx);
    await op(ctx.app, 'users.startEmailVerification', { token: u.token, params: { id: u.user.id } });
    const oldLink = linkParam((await smtp.waitFor(u.user.email)).text, '/login/verify-email', 'token')!;
    const moved = `moved-${Date.now()}@example.test`;
    const changed = await op(ctx.app, 'users.updateEmail', {
      token: u.token,
      params: { id: u.user.id },
      body: { email: moved, password: u.password },
    });
    expect(changed.body).toMatchObject({ email: u.user.email, emailVerified: false });
    const token = linkParam((await smtp.waitFor(moved)).text, '/login/verify-email', 'token')!;
    // The current address is told as well.
    expect((await smtp.waitFor(u.user.email, 2)).text).toContain(moved);
    expect((await op(ctx.app, 'users.completeEmailVerification', { query: { token } })).status).toBe(204);
    const me = await op(ctx.app, 'users.me', { token: u.token });
    expect(me.body).toMatchObject({ email: moved, emailVerified: true });
    // Older links are spent: the account cannot be switched back to the old address by one.
    expectError(
      await op(ctx.app, 'users.completeEmailVerification', { query: { token: oldLink } }),
      400,
      'LINK_INVALID',
    );
    expectError(
      await op(ctx.app, 'users.completeEmailVerification', { query: { token } }),
      400,
      'LINK_INVALID',
    );
  });

  it('an email change whose address was taken meanwhile is refused with 409', async () => {
    const u = await createUser(ctx);
    const wanted = `wanted-${Date.now()}@example.test`;
    await op(ctx.app, 'users.updateEmail', {
      token: u.token,
      params: { id: u.user.id },
      body: { email: wanted, password: u.password },
    });
    const token = linkParam((await smtp.waitFor(wanted)).text, '/login/verify-email', 'token')!;
    await createUser(ctx, { email: wanted });
    const res = await op(ctx.app, 'users.completeEmailVerification', { query: { token } });
    expectError(res, 409, 'EMAIL_TAKEN', 'email');
    const me = await op(ctx.app, 'users.me', { token: u.token });
    expect(me.body.email).toBe(u.user.email);
  });

  it('refuses an invented token with 400 LINK_INVALID', async () => {
    const res = await op(ctx.app, 'users.completeEmailVerification', { query: { token: 'B'.repeat(43) } });
    expectError(res, 400, 'LINK_INVALID', 'token');
  });
});
