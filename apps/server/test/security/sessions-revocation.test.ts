import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/identity';
import { linkParam, SmtpCapture } from '../helpers/smtp-capture';
import { createUser } from '../helpers/test-app';
import { type RunningServer, startRunningServer } from './running-server';

/**
 * Finding 4 of issue 10: tokens were stateless 7-day JWTs with no logout. A copied token must stop
 * working after logout, password change, password reset and block, and sessions expire when idle.
 */
let smtp: SmtpCapture;
let s: RunningServer;
beforeAll(async () => {
  smtp = await SmtpCapture.start();
  s = await startRunningServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

interface Info {
  id: string;
  device: string;
  clientAddress: string | null;
  lastUsedAt: string;
  expiry: string;
  current: boolean;
}
const me = (token: string) => s.op('users.me', { token });
async function loginAs(
  email: string,
  password: string,
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
) {
  const res = await s.op('users.login', {
    json: { email, password },
    headers: { 'user-agent': userAgent },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
async function expectRevoked(token: string) {
  const res = await me(token);
  expect(res.status).toBe(401);
  expect(((await res.json()) as { code: string }).code).toBe('TOKEN_INVALID');
}

describe('a copied token stops working', () => {
  it('after logout', async () => {
    const u = await createUser(s);
    const copy = u.token;
    expect((await me(copy)).status).toBe(200);
    expect((await s.op('users.logout', { token: u.token })).status).toBe(204);
    await expectRevoked(copy);
  });

  it('after a password change, except the fresh session it returns', async () => {
    const u = await createUser(s);
    const other = await loginAs(u.user.email, u.password);
    const res = await s.op('users.updatePassword', {
      params: { id: u.user.id },
      token: u.token,
      json: { currentPassword: u.password, newPassword: 'brand-new-pass-1' },
    });
    expect(res.status).toBe(200);
    const fresh = ((await res.json()) as { token: string }).token;
    await expectRevoked(u.token);
    await expectRevoked(other);
    expect((await me(fresh)).status).toBe(200);
  });

  it('after a password reset', async () => {
    const u = await createUser(s);
    await s.op('users.startPasswordReset', { query: { email: u.user.email } });
    const token = linkParam((await smtp.waitFor(u.user.email)).text, '/login/reset-password', 'token')!;
    const done = await s.op('users.completePasswordReset', {
      json: { token, password: 'reset-password-1' },
    });
    expect(done.status).toBe(204);
    await expectRevoked(u.token);
  });

  it('after the user is blocked, and unblocking does not revive it', async () => {
    const u = await createUser(s);
    expect((await s.op('users.block', { params: { id: u.user.id }, token: s.owner.token })).status).toBe(200);
    await expectRevoked(u.token);
    await s.op('users.unblock', { params: { id: u.user.id }, token: s.owner.token });
    await expectRevoked(u.token);
  });

  it('when idle for longer than the idle timeout, or past the absolute expiry', async () => {
    const db = s.app.services.database.db;
    const u = await createUser(s);
    const idle = await loginAs(u.user.email, u.password);
    await db
      .update(sessions)
      .set({ expiry: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, idle.split('.')[0]!));
    await expectRevoked(idle);
    // Use slides the expiry forward, but never past the absolute end.
    const used = await loginAs(u.user.email, u.password);
    const id = used.split('.')[0]!;
    const absolute = new Date(Date.now() + 3600_000);
    await db
      .update(sessions)
      .set({
        lastUsedAt: new Date(Date.now() - 5 * 60_000),
        expiry: new Date(Date.now() + 60_000),
        absoluteExpiry: absolute,
      })
      .where(eq(sessions.id, id));
    expect((await me(used)).status).toBe(200);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
    expect(row!.expiry.getTime()).toBe(absolute.getTime());
    expect(Date.now() - row!.lastUsedAt.getTime()).toBeLessThan(10_000);
  });

  it('a forged token of the right shape is refused', async () => {
    const u = await createUser(s);
    const [id] = u.token.split('.');
    await expectRevoked(`${id}.${'A'.repeat(43)}`);
  });
});

describe('the session list', () => {
  it('shows my sessions with device, address and the current one; ends another; never someone else’s', async () => {
    const u = await createUser(s);
    const laptop = await loginAs(u.user.email, u.password);
    const phone = await loginAs(
      u.user.email,
      u.password,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
    );
    const list = (await (await s.op('users.sessions', { token: laptop })).json()) as Info[];
    expect(list).toHaveLength(3);
    const current = list.filter((x) => x.current);
    expect(current).toHaveLength(1);
    expect(current[0]!.id).toBe(laptop.split('.')[0]);
    expect(current[0]).toMatchObject({ device: 'Firefox on Linux', clientAddress: '127.0.0.1' });
    expect(list.find((x) => x.id === phone.split('.')[0])!.device).toBe('Safari on iOS');
    expect(JSON.stringify(list)).not.toContain(laptop.split('.')[1]);

    const stranger = await createUser(s);
    const phoneId = phone.split('.')[0]!;
    expect((await s.op('users.endSession', { params: { id: phoneId }, token: stranger.token })).status).toBe(
      404,
    );
    expect((await me(phone)).status).toBe(200);
    expect((await s.op('users.endSession', { params: { id: phoneId }, token: laptop })).status).toBe(204);
    await expectRevoked(phone);
    expect((await me(laptop)).status).toBe(200);
  });

  it('logs out everywhere, optionally keeping the current session', async () => {
    const u = await createUser(s);
    const a = await loginAs(u.user.email, u.password);
    const b = await loginAs(u.user.email, u.password);
    const keep = await s.op('users.logoutAll', {
      token: a,
      json: { keepCurrent: true },
    });
    expect(keep.status).toBe(204);
    await expectRevoked(b);
    await expectRevoked(u.token);
    expect((await me(a)).status).toBe(200);
    expect((await s.op('users.logoutAll', { token: a })).status).toBe(204);
    await expectRevoked(a);
  });

  it('an API key has no session to log out of', async () => {
    const u = await createUser(s);
    const key = (await (
      await s.op('apiKeys.create', { params: { id: u.user.id }, token: u.token, json: { name: 'k' } })
    ).json()) as { key: string };
    const res = await s.op('users.logout', {
      headers: { authorization: `Token ${key.key}` },
    });
    expect(res.status).toBe(403);
    expect((await me(u.token)).status).toBe(200);
  });
});
