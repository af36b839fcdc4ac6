import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopAll, waitFor } from '../helpers/media';
import { listener, liveApp, liveSource, targetOf } from './network-targets-helpers';
import { type RunningServer, startRunningServer } from './running-server';

// Issue 10, finding 5: a target must not become a port scanner of the server's own network.

let srv: RunningServer;
beforeAll(async () => {
  srv = await startRunningServer();
});
afterAll(() => srv.close());

const create = async (settings: object) => {
  const res = await srv.op('targets.create', {
    token: srv.owner.token,
    json: { workspaceId: srv.owner.workspaceId, name: 'Relay', enabled: false, settings },
  });
  return {
    status: res.status,
    body: (await res.json()) as { id: string; code?: string; details?: { field: string }[] },
  };
};

const refused: [string, object, string][] = [
  ['loopback', { type: 'rtmp', url: 'rtmp://127.0.0.1:6379/app' }, 'settings.url'],
  ['loopback by name', { type: 'rtmp', url: 'rtmp://localhost/app' }, 'settings.url'],
  ['loopback in decimal', { type: 'rtmp', url: 'rtmp://2130706433/app' }, 'settings.url'],
  ['IPv6 loopback', { type: 'rtmp', url: 'rtmps://[::1]:443/app' }, 'settings.url'],
  ['cloud metadata', { type: 'rtmp', url: 'rtmp://169.254.169.254/latest' }, 'settings.url'],
  ['unspecified', { type: 'rtmp', url: 'rtmp://0.0.0.0/app' }, 'settings.url'],
  ['private 10/8', { type: 'srt', host: '10.0.0.5', port: 9999 }, 'settings.host'],
  ['private 172.16/12', { type: 'srt', host: '172.20.1.1', port: 22 }, 'settings.host'],
  ['IPv4-mapped loopback', { type: 'srt', host: '::ffff:127.0.0.1', port: 5432 }, 'settings.host'],
  ['unique local IPv6', { type: 'srt', host: 'fd00::1', port: 9000 }, 'settings.host'],
  ['link-local IPv6', { type: 'srt', host: 'fe80::1', port: 9000 }, 'settings.host'],
  ['carrier-grade NAT', { type: 'srt', host: '100.64.0.1', port: 9000 }, 'settings.host'],
  ['multicast', { type: 'srt', host: '239.1.1.1', port: 9000 }, 'settings.host'],
  [
    'private icecast',
    { type: 'icecast', url: 'http://192.168.1.10:8000', mount: '/live.mp3', password: 'hackme' },
    'settings.url',
  ],
];

describe('target addresses', () => {
  it.each(refused)('refuses a %s receiver with a 400 naming the field', async (_what, settings, field) => {
    const res = await create(settings);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('TARGET_ADDRESS_REFUSED');
    expect(res.body.details?.[0]?.field).toBe(field);
  });

  it('accepts a public receiver, and refuses changing it to a private one', async () => {
    const ok = await create({ type: 'rtmp', url: 'rtmp://8.8.8.8/app', streamKey: 'k' });
    expect(ok.status).toBe(201);
    const moved = await srv.op('targets.update', {
      params: { id: ok.body.id },
      token: srv.owner.token,
      json: { settings: { type: 'srt', host: '127.0.0.1', port: 1935 } },
    });
    expect(moved.status).toBe(400);
    const renamed = await srv.op('targets.update', {
      params: { id: ok.body.id },
      token: srv.owner.token,
      json: { name: 'Renamed' },
    });
    expect(renamed.status).toBe(200);
  });
});

describe('target connections', () => {
  it('checks the address again before connecting: a stored private receiver is never contacted', async () => {
    const ctx = await liveApp({});
    const inside = await listener('hang');
    try {
      const sourceId = await liveSource(ctx);
      // As if saved before the policy existed, or a name that resolved to a public address when saved.
      const row = await ctx.app.services.targets.repo.insert({
        corporationId: ctx.owner.corporationId,
        workspaceId: ctx.owner.workspaceId,
        name: 'Old relay',
        type: 'rtmp',
        enabled: true,
        sourceId,
        outputId: null,
        settings: { type: 'rtmp', url: `rtmp://localhost:${inside.port}/app`, streamKey: 'k' },
      });
      await ctx.app.services.liveEvents.send({ type: 'target-changed', id: row.id });
      const t = await waitFor('target refused', async () => {
        const t = await targetOf(ctx, row.id);
        return t.lastError ? t : undefined;
      });
      expect(t.lastError).toMatch(/public internet addresses/);
      expect(t.state).not.toBe('online');
      await new Promise((r) => setTimeout(r, 1000));
      expect(inside.connections()).toBe(0);
    } finally {
      await inside.close();
      await stopAll();
      await ctx.close();
    }
  }, 90_000);
});
