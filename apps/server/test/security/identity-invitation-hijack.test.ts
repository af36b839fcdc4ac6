import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkParam, SmtpCapture } from '../helpers/smtp-capture';
import { createTenant, createUser } from '../helpers/test-app';
import { type RunningServer, startRunningServer } from './running-server';

/**
 * Finding 2 of issue 10: any user could change their email to an invitee's address (unverified) and accept
 * the invitation, becoming admin of a foreign corporation. Now an email change waits for the link mailed to
 * the new address, and accepting needs the verified invitee or the mailed code.
 */
let smtp: SmtpCapture;
let s: RunningServer;
let victim: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  smtp = await SmtpCapture.start();
  s = await startRunningServer({ SMTP_URL: smtp.url, ALLOW_SIGNUP: 'true' });
  victim = await createTenant(s, 'Victim Corp');
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

const json = async <T>(res: Response) => ({ status: res.status, body: (await res.json()) as T });
const invite = async (email: string) =>
  json<{ id: string; code: string }>(
    await s.op('invitations.create', {
      token: victim.user.token,
      json: { corporationId: victim.corporationId, email, permissions: ['admin'] },
    }),
  );
const respond = (id: string, token: string, body: object) =>
  s.op('invitations.respond', { params: { id }, token, json: body });
const corporationOf = (token: string) =>
  s.op('corporations.get', { params: { id: victim.corporationId }, token });

describe('invitation hijack', () => {
  it('changing one’s email to the invitee’s address does not take over the invitation', async () => {
    const invitee = `ceo-${Date.now()}@partner.test`;
    const inv = await invite(invitee);
    expect(inv.status).toBe(201);
    const attacker = await createUser(s);
    const change = await json<{ email: string }>(
      await s.op('users.updateEmail', {
        params: { id: attacker.user.id },
        token: attacker.token,
        json: { email: invitee, password: attacker.password },
      }),
    );
    // Accepted as a request, but the account keeps its address until the invitee's mailbox confirms.
    expect(change.status).toBe(200);
    expect(change.body.email).toBe(attacker.user.email);
    const me = await json<{ email: string }>(await s.op('users.me', { token: attacker.token }));
    expect(me.body.email).toBe(attacker.user.email);
    const mine = await json<{ items: unknown[] }>(await s.op('invitations.list', { token: attacker.token }));
    expect(mine.body.items).toEqual([]);
    expect((await respond(inv.body.id, attacker.token, { accept: true })).status).toBe(404);
    expect((await respond(inv.body.id, attacker.token, { accept: true, code: 'x'.repeat(32) })).status).toBe(
      404,
    );
    expect((await corporationOf(attacker.token)).status).toBe(404);
  });

  it('signing up with the invitee’s address (open sign-up, unverified) does not take it over either', async () => {
    const invitee = `cfo-${Date.now()}@partner.test`;
    const inv = await invite(invitee);
    const signup = await json<{ token: string; user: { emailVerified: boolean } }>(
      await s.op('users.register', {
        json: { email: invitee, password: 'squatter-pass-1', name: 'Squatter' },
      }),
    );
    expect(signup.status).toBe(201);
    expect(signup.body.user.emailVerified).toBe(false);
    const mine = await json<{ items: unknown[] }>(
      await s.op('invitations.list', { token: signup.body.token }),
    );
    expect(mine.body.items).toEqual([]);
    const res = await json<{ code: string }>(await respond(inv.body.id, signup.body.token, { accept: true }));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('EMAIL_NOT_VERIFIED');
    expect((await corporationOf(signup.body.token)).status).toBe(404);
    // Nor is the unverified account told about it (name, permissions) by a stored notification.
    await new Promise((r) => setTimeout(r, 300));
    const told = await json<{ items: unknown[] }>(
      await s.op('notifications.list', { token: signup.body.token }),
    );
    expect(told.body.items).toEqual([]);
  });
});

describe('legitimate flows', () => {
  it('the verified invitee accepts from their list', async () => {
    const u = await createUser(s, { emailVerified: true });
    const inv = await invite(u.user.email);
    const res = await json<{ status: string }>(await respond(inv.body.id, u.token, { accept: true }));
    expect(res.body.status).toBe('accepted');
    expect((await corporationOf(u.token)).status).toBe(200);
  });

  it('an account with another address accepts with the code from the mail', async () => {
    const u = await createUser(s);
    const mailbox = `second-${Date.now()}@example.test`;
    const inv = await invite(mailbox);
    const code = linkParam((await smtp.waitFor(mailbox)).text, '/login/create-account', 'code')!;
    expect(code).toBe(inv.body.code);
    const res = await json<{ status: string }>(await respond(inv.body.id, u.token, { accept: true, code }));
    expect(res.body.status).toBe('accepted');
    expect((await corporationOf(u.token)).status).toBe(200);
  });

  it('after confirming the new address by its mailed link, the moved account accepts', async () => {
    const u = await createUser(s);
    const moved = `moved-${Date.now()}@example.test`;
    const inv = await invite(moved);
    await s.op('users.updateEmail', {
      params: { id: u.user.id },
      token: u.token,
      json: { email: moved, password: u.password },
    });
    // Mail 1 to that address is the invitation, mail 2 the confirmation link.
    const token = linkParam((await smtp.waitFor(moved, 2)).text, '/login/verify-email', 'token')!;
    const done = await s.op('users.completeEmailVerification', { query: { token } });
    expect(done.status).toBe(204);
    const me = await json<{ email: string; emailVerified: boolean }>(
      await s.op('users.me', { token: u.token }),
    );
    expect(me.body).toMatchObject({ email: moved, emailVerified: true });
    const res = await json<{ status: string }>(await respond(inv.body.id, u.token, { accept: true }));
    expect(res.body.status).toBe('accepted');
  });

  it('signing up through the mailed link still works', async () => {
    const invitee = `new-${Date.now()}@example.test`;
    const inv = await invite(invitee);
    const res = await json<{ token: string; user: { emailVerified: boolean } }>(
      await s.op('users.register', {
        json: { email: invitee, password: 'invited-pass-1', name: 'New', invitationCode: inv.body.code },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.user.emailVerified).toBe(true);
    expect((await corporationOf(res.body.token)).status).toBe(200);
  });
});
