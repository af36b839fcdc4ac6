import type { BrokerCredentials } from '@stromwerk/contracts/notifications';
import { topics } from '@stromwerk/contracts/topics';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LiveClient } from '../../../web/src/live/live-client';
import { buildApp, type StromwerkApp } from '../../src/app';
import { listen } from '../helpers/mqtt';
import { op, routeOf } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
let restarted: StromwerkApp | undefined;
const wait = { timeout: 8000, interval: 20 };

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await restarted?.close();
  await ctx.close();
});

describe(`browser client across a broker restart (${testDbEngine()})`, () => {
  it('reconnects after the server comes back on the same port and resubscribes its topics', async () => {
    const { port, origin } = await listen(ctx.app);
    const { token } = ctx.owner;
    const log: string[] = [];
    // The browser's own client class, fetching its credentials from the server like the web app does.
    const live = new LiveClient({
      credentials: async () => {
        const res = await fetch(`${origin}${routeOf('broker.credentials').url}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (!res.ok) throw new Error(`credentials: ${res.status}`);
        return (await res.json()) as BrokerCredentials;
      },
      logger: { error: (m) => log.push(m), warn: (m) => log.push(m) },
    });
    const received: string[] = [];
    const topic = topics.workspace(ctx.owner.corporationId, ctx.owner.workspaceId);
    const rename = (app: StromwerkApp, name: string) =>
      op(app, 'workspaces.update', { token, params: { id: ctx.owner.workspaceId }, body: { name } });

    live.connect();
    await vi.waitFor(() => expect(live.status).toBe('connected'), wait);
    live.subscribe(topic, (message) => received.push(`${message.type} ${message.id}`));
    await vi.waitFor(async () => {
      await rename(ctx.app, 'Before restart');
      expect(received.length).toBeGreaterThan(0);
    }, wait);

    await ctx.app.close();
    await vi.waitFor(() => expect(log).toContain('Lost notification connection'), wait);
    expect(live.status).not.toBe('connected');

    // Down for a while: the client keeps trying every second and logs each refused attempt.
    await vi.waitFor(() => expect(log).toContain('Cannot subscribe to notification service'), wait);
    // Same configuration, same database, same port: what a process restart looks like to the browser.
    restarted = await buildApp({
      config: ctx.app.services.config,
      database: ctx.app.services.database,
      logger: false,
    });
    await listen(restarted, port);
    await vi.waitFor(() => expect(live.status).toBe('connected'), wait);
    expect(live.topics).toEqual([topic]);

    received.length = 0;
    await vi.waitFor(async () => {
      await rename(restarted!, 'After restart');
      expect(received).toContain(`updated ${ctx.owner.workspaceId}`);
    }, wait);
    live.disconnect();
  });
});
