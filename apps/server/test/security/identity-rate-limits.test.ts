import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/test-app';
import { type RunningServer, startRunningServer } from './running-server';

/**
 * Finding 3 of issue 10: X-Forwarded-For was believed from anyone, so every forged address was a fresh
 * rate-limit bucket. Over real sockets: a forged header changes nothing unless TRUST_PROXY names the peer,
 * and one account cannot be guessed at from many addresses.
 */
let n = 0;
const forged = () => {
  n += 1;
  return `203.0.113.${n % 250}, 198.51.100.${(n * 7) % 250}`;
};

const loginAs = (s: RunningServer, email: string, password: string, xff?: string) =>
  s.op('users.login', {
    json: { email, password },
    headers: xff ? { 'x-forwarded-for': xff } : {},
  });

describe('without TRUST_PROXY (the default)', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startRunningServer();
  });
  afterAll(() => s.close());

  it('the client address of a session is the socket, not the forged header', async () => {
    const u = await createUser(s);
    const res = await loginAs(s, u.user.email, u.password, '10.9.8.7');
    const { token } = (await res.json()) as { token: string };
    const list = (await (await s.op('users.sessions', { token })).json()) as {
      clientAddress: string;
      current: boolean;
    }[];
    expect(list.find((x) => x.current)?.clientAddress).toBe('127.0.0.1');
  });

  it('a forged X-Forwarded-For does not reset the per-address login limit', async () => {
    const statuses: number[] = [];
    // Password spraying: a different account each time, a different forged address each time.
    for (let i = 0; i < 31; i++) {
      const res = await loginAs(s, `spray-${i}@example.test`, 'guess-1', forged());
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((x) => x === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    const body = (await (await loginAs(s, 'spray-x@example.test', 'guess-1', forged())).json()) as {
      code: string;
    };
    expect(body.code).toBe('RATE_LIMITED');
    // From that address even a right password waits now.
    expect((await loginAs(s, s.owner.user.email, 'owner-password-1')).status).toBe(429);
  });

  it('a forged X-Forwarded-For does not reset the reset-token guessing limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await s.op('users.completePasswordReset', {
        json: { token: `guessed-token-${i}-xxxxxxxx`, password: 'new-password-1' },
        headers: { 'x-forwarded-for': forged() },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((x) => x === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('with TRUST_PROXY=127.0.0.1 (behind a local reverse proxy)', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startRunningServer({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => s.close());

  it('honours the proxy’s X-Forwarded-For: the limit is per real client', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await loginAs(s, `c-${i}@example.test`, 'guess-1', '192.0.2.10')).status).toBe(401);
    }
    expect((await loginAs(s, 'c-x@example.test', 'guess-1', '192.0.2.10')).status).toBe(429);
    // Another client behind the same proxy is not punished for it.
    expect((await loginAs(s, 'c-y@example.test', 'guess-1', '192.0.2.11')).status).toBe(401);
  });

  // Issue 31, item 2: the old per-account limit let anyone lock any account (the administrator's too) for
  // 15 minutes with 10 wrong passwords. Now a client that has not failed is never refused.
  it('guesses at one account from many addresses do not lock its owner out', async () => {
    const u = await createUser(s);
    for (let i = 0; i < 25; i++) {
      expect((await loginAs(s, u.user.email, `wrong-${i}`, `198.18.0.${i + 1}`)).status).toBe(401);
    }
    // The owner, from a client that has not failed, logs in at once.
    const res = await loginAs(s, u.user.email.toUpperCase(), u.password, '198.18.1.1');
    expect(res.status).toBe(200);
    // While the account is under attack an attacking address gets one free guess, then waits.
    expect((await loginAs(s, u.user.email, 'wrong-again', '198.18.0.1')).status).toBe(401);
    expect((await loginAs(s, u.user.email, 'and-again', '198.18.0.1')).status).toBe(429);
  });

  it('one client failing at one account waits longer each time; a success there resets it', async () => {
    const u = await createUser(s);
    const from = '198.19.0.1';
    for (let i = 0; i < 3; i++) expect((await loginAs(s, u.user.email, `wrong-${i}`, from)).status).toBe(401);
    // The fourth failure earns a wait of 2 s: the right password waits too, from this client only.
    expect((await loginAs(s, u.user.email, 'wrong-3', from)).status).toBe(401);
    const waiting = await loginAs(s, u.user.email, u.password, from);
    expect(waiting.status).toBe(429);
    const first = Number(waiting.headers.get('retry-after'));
    expect(first).toBeGreaterThanOrEqual(1);
    expect((await loginAs(s, u.user.email, u.password, '198.19.0.2')).status).toBe(200);
    // After the wait, another failure doubles it.
    await new Promise((r) => setTimeout(r, first * 1000 + 100));
    expect((await loginAs(s, u.user.email, 'wrong-4', from)).status).toBe(401);
    const second = Number((await loginAs(s, u.user.email, u.password, from)).headers.get('retry-after'));
    expect(second).toBeGreaterThan(first);
    // Once it has waited, the right password logs in and starts the count again: three free failures.
    await new Promise((r) => setTimeout(r, second * 1000 + 100));
    expect((await loginAs(s, u.user.email, u.password, from)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await loginAs(s, u.user.email, `again-${i}`, from)).status).toBe(401);
    expect((await loginAs(s, u.user.email, u.password, from)).status).toBe(200);
  });

  it('successful logins never count: a user logging in often is never refused', async () => {
    const u = await createUser(s);
    for (let i = 0; i < 8; i++)
      expect((await loginAs(s, u.user.email, u.password, '198.20.0.1')).status).toBe(200);
  });

  it('limits reset mails per account across addresses', async () => {
    const u = await createUser(s);
    const start = (xff: string) =>
      s.op('users.startPasswordReset', {
        query: { email: u.user.email },
        headers: { 'x-forwarded-for': xff },
      });
    for (let i = 0; i < 5; i++) expect((await start(`198.19.0.${i + 1}`)).status).toBe(204);
    expect((await start('198.19.1.1')).status).toBe(429);
  });

  it('limits player password guesses per viewer address and per player', async () => {
    const created = await s.op('outputs.create', {
      token: s.owner.token,
      json: { workspaceId: s.owner.workspaceId, name: 'Locked player', passwords: ['s3cret-pw'] },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const guess = (password: string, xff: string) =>
      s.op('play.session', {
        params: { id },
        json: { password },
        headers: { 'x-forwarded-for': xff },
      });
    // Per address: 20 wrong guesses, then even the right password waits.
    for (let i = 0; i < 20; i++) expect((await guess(`nope-${i}`, '192.0.2.50')).status).not.toBe(429);
    expect((await guess('s3cret-pw', '192.0.2.50')).status).toBe(429);
    // Per player: 60 wrong guesses in all, from rotating addresses.
    for (let i = 20; i < 60; i++) {
      expect((await guess(`nope-${i}`, `192.0.2.${100 + (i % 100)}`)).status).not.toBe(429);
    }
    expect((await guess('nope-x', '192.0.2.251')).status).toBe(429);
  });
});

describe('login timing', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startRunningServer();
  });
  afterAll(() => s.close());

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  async function timed(email: string, password: string) {
    const started = performance.now();
    const res = await loginAs(s, email, password);
    expect(res.status).toBe(401);
    return performance.now() - started;
  }

  it('an unknown email costs an argon2 verification like a wrong password does', async () => {
    // One wrong password per account: a client's fourth failure in a row at one account waits (issue 31).
    const users = [];
    for (let i = 0; i < 7; i++) users.push(await createUser(s));
    await timed('warm-up@example.test', 'x');
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      wrong.push(await timed(users[i]!.user.email, `wrong-password-${i}`));
      unknown.push(await timed(`nobody-${i}@example.test`, `wrong-password-${i}`));
    }
    // Without the dummy verification the unknown path takes a few percent of the wrong-password path.
    const ratio = median(unknown) / median(wrong);
    expect(ratio, `unknown ${median(unknown)} ms, wrong ${median(wrong)} ms`).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
