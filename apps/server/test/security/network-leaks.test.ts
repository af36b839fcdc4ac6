import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { activeProcesses } from '@stromwerk/media/process-registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitFor } from '../helpers/media';
import { multipartBody } from '../helpers/multipart';
import { routeOf } from '../helpers/route-call';
import { createMember, createWorkspace } from '../helpers/tenancy';
import { createTenant, createTestApp, createUser } from '../helpers/test-app';
import { type RunningServer, startRunningServer } from './running-server';

// Issue 10, finding 9: smaller leaks between tenants and members, and listeners on every interface.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let srv: RunningServer;
beforeAll(async () => {
  srv = await startRunningServer();
});
afterAll(() => srv.close());

// biome-ignore lint/suspicious/noExplicitAny: answers of several shapes, checked field by field
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });

describe('leaks between tenants and members', () => {
  it('streamInfos.list by sourceId answers for a foreign source exactly as for a missing one', async () => {
    const other = await createTenant(srv, 'Stream Info Corp');
    const created = await json(
      await srv.op('sources.create', {
        token: other.user.token,
        json: { workspaceId: other.workspaceId, name: 'Their camera', type: 'rtmp' },
      }),
    );
    expect(created.status).toBe(201);
    const attacker = await createUser(srv);
    const asStranger = await json(
      await srv.op('streamInfos.list', { query: { sourceId: created.body.id }, token: attacker.token }),
    );
    const missing = await json(
      await srv.op('streamInfos.list', {
        query: { sourceId: '00000000-0000-4000-8000-000000000000' },
        token: attacker.token,
      }),
    );
    expect(missing.status).toBe(404);
    expect(asStranger).toEqual(missing);
    // Its owner still reads it.
    const own = await srv.op('streamInfos.list', {
      query: { sourceId: created.body.id },
      token: other.user.token,
    });
    expect(own.status).toBe(200);
  });

  it('avatarMediaId accepts only an avatar image the user uploaded', async () => {
    const victim = await createUser(srv);
    const body = multipartBody([{ name: 'file', filename: 'me.png', contentType: 'image/png', data: PNG }]);
    const up = await srv.op('users.uploadAvatar', {
      params: { id: victim.user.id },
      token: victim.token,
      headers: body.headers as Record<string, string>,
      body: body.payload,
    });
    const victimMedia = ((await up.json()) as { avatarMediaId: string }).avatarMediaId;
    expect(victimMedia).toMatch(/^[0-9a-f-]{36}$/);
    const attacker = await createUser(srv);
    const stolen = await json(
      await srv.op('users.update', {
        params: { id: attacker.user.id },
        token: attacker.token,
        json: { avatarMediaId: victimMedia },
      }),
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.details?.[0]?.field ?? stolen.body.message).toMatch(/avatarMediaId/);
    // The victim's own avatar still works for the victim.
    const own = await srv.op('users.update', {
      params: { id: victim.user.id },
      token: victim.token,
      json: { avatarMediaId: victimMedia },
    });
    expect(own.status).toBe(200);
  });

  it('corporation-wide usage is for corporation admins, its quota for corporation-level members', async () => {
    const t = await createTenant(srv, 'Usage Leak Corp');
    const second = await createWorkspace(srv, t.user.token, t.corporationId, 'Second');
    const wsOnly = await createMember(srv, t.user.token, { workspaceId: second }, ['admin']);
    const reader = await createMember(srv, t.user.token, { corporationId: t.corporationId }, ['read']);
    const corp = { id: t.corporationId };
    for (const name of ['usage.ofCorporation', 'usage.lastReportOfCorporation', 'usage.quota'] as const) {
      expect((await srv.op(name, { params: corp, token: wsOnly.token })).status, name).toBe(403);
      expect((await srv.op(name, { params: corp, token: t.user.token })).status, name).toBe(200);
    }
    // A read-only member of the corporation sees its quota, not its figures.
    expect((await srv.op('usage.quota', { params: corp, token: reader.token })).status).toBe(200);
    expect((await srv.op('usage.ofCorporation', { params: corp, token: reader.token })).status).toBe(403);
    expect(
      (await srv.op('usage.lastReportOfCorporation', { params: corp, token: reader.token })).status,
    ).toBe(403);
    // Their own workspace's usage stays readable.
    expect((await srv.op('usage.ofWorkspace', { params: { id: second }, token: wsOnly.token })).status).toBe(
      200,
    );
    const report = (token: string, workspaceId?: string) =>
      srv.op('usage.report', {
        token,
        json: { corporationId: t.corporationId, ...(workspaceId ? { workspaceId } : {}) },
      });
    expect((await report(wsOnly.token)).status).toBe(403);
    expect((await report(reader.token)).status).toBe(403);
    expect((await report(reader.token, t.workspaceId)).status).toBe(403);
    expect((await report(wsOnly.token, second)).status).toBe(201);
    expect((await report(t.user.token)).status).toBe(201);
  });
});

/** An address of this machine that is not loopback, or undefined on a machine with none. */
function outsideAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return undefined;
}

async function connects(host: string, port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The local IPv4 addresses UDP sockets of this machine are bound to on `port` (/proc/net/udp). */
function udpAddressesOn(port: number): string[] | undefined {
  const rows = readFileSync('/proc/net/udp', 'utf8').split('\n').slice(1);
  const found = rows.flatMap((row) => {
    const [address, hexPort] = (row.trim().split(/\s+/)[1] ?? '').split(':');
    if (!address || Number.parseInt(hexPort ?? '', 16) !== port) return [];
    const bytes = address
      .match(/../g)!
      .map((b) => Number.parseInt(b, 16))
      .reverse();
    return [bytes.join('.')];
  });
  return found.length ? found : undefined;
}

describe('listeners follow HOST', () => {
  it('with HOST=127.0.0.1 the RTMP ingest and SRT listeners are not reachable from outside', async () => {
    const outside = outsideAddress();
    expect(outside, 'this test needs a non-loopback IPv4 interface').toBeDefined();
    const rtmpPort = await freePort();
    const ctx = await createTestApp(
      { HOST: '127.0.0.1', RTMP_PORT: String(rtmpPort), SRT_PORT: String(await freePort()) },
      { live: true },
    );
    try {
      expect(await connects('127.0.0.1', rtmpPort)).toBe(true);
      expect(await connects(outside!, rtmpPort)).toBe(false);
      const src = await ctx.app.inject({
        ...routeOf('sources.create'),
        headers: { authorization: `Bearer ${ctx.owner.token}` },
        payload: { workspaceId: ctx.owner.workspaceId, name: 'SRT in', type: 'srt' },
      });
      expect(src.statusCode).toBe(201);
      const port = Number((src.json() as { ingestUrl: string }).ingestUrl.split(':').pop());
      await waitFor('SRT listener process', async () =>
        activeProcesses().find((p) => p.label === `source ${(src.json() as { id: string }).id}`),
      );
      // Its address is in the script on its pipe (no secret on a command line): read the socket instead.
      const bound = await waitFor('the SRT port bound', async () => udpAddressesOn(port));
      expect(bound).toEqual(['127.0.0.1']);
    } finally {
      await ctx.close();
    }
  });
});
