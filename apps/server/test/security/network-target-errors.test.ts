import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, stopAll, waitFor } from '../helpers/media';
import { op } from '../helpers/route-call';
import type { TestContext } from '../helpers/test-app';
import { listener, liveApp, liveSource, targetOf } from './network-targets-helpers';

// Issue 10, finding 5: a target's state and error must not tell open from closed ports. Receivers on
// this machine stand for any host, so private addresses are allowed here (TARGET_ALLOW_PRIVATE).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await liveApp({ TARGET_ALLOW_PRIVATE: 'true' });
});
afterAll(async () => {
  await stopAll();
  await ctx.close();
});

describe('target errors', () => {
  it('says the same for a closed port, a port that resets, one that hangs up politely and one that never answers', async () => {
    const closing = await listener('close');
    const ending = await listener('end');
    const hanging = await listener('hang');
    const closedPort = await freePort();
    try {
      const sourceId = await liveSource(ctx);
      const ids: string[] = [];
      for (const port of [closedPort, closing.port, ending.port, hanging.port]) {
        const res = await op(ctx.app, 'targets.create', {
          token: ctx.owner.token,
          body: {
            workspaceId: ctx.owner.workspaceId,
            name: `Probe ${port}`,
            sourceId,
            settings: { type: 'rtmp', url: `rtmp://127.0.0.1:${port}/app`, streamKey: 'k' },
          },
        });
        expect(res.status).toBe(201);
        ids.push(res.body.id);
      }
      let seen = '';
      const errors = await waitFor(
        'all four failed',
        async () => {
          const list = await Promise.all(ids.map((id) => targetOf(ctx, id)));
          const src = await op(ctx.app, 'sources.get', { params: { id: sourceId }, token: ctx.owner.token });
          seen = JSON.stringify([
            src.body.state,
            src.body.lastError,
            list.map((t) => [t.state, t.lastError]),
          ]);
          return list.every((t) => t.lastError) ? list.map((t) => t.lastError) : undefined;
        },
        60_000,
      ).catch((e) => {
        throw new Error(`${e.message}; targets: ${seen}`);
      });
      expect(new Set(errors).size).toBe(1);
      expect(errors[0]).toBe('Could not connect to the receiver');
    } finally {
      await closing.close();
      await ending.close();
      await hanging.close();
    }
  }, 90_000);
});
