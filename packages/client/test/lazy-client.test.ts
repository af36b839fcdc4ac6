import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLazyClient } from '../src/lazy-client';
import { liveResources } from '../src/live-resources';
import { json, startServer, type TestServer } from './test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startServer(json(200, { items: [], total: 0, limit: 20, offset: 0 }));
});
afterEach(() => server.close());

describe('createLazyClient', () => {
  it('loads the live resources once, on the first call, and then calls them as createClient would', async () => {
    let loads = 0;
    const client = createLazyClient({ baseUrl: server.url }, async () => {
      loads += 1;
      return liveResources;
    });
    expect(loads).toBe(0);
    await client.users.me().catch(() => undefined);
    expect(loads).toBe(0);
    const [sources, medias] = await Promise.all([
      client.sources.list({ query: { workspaceId: '00000000-0000-4000-8000-000000000001' } }),
      client.medias.listInWorkspace({ params: { id: '00000000-0000-4000-8000-000000000001' } }),
    ]);
    expect(loads).toBe(1);
    expect(sources.total).toBe(0);
    expect(medias.total).toBe(0);
    expect(server.received.map((r) => r.url)).toEqual([
      '/v1/me',
      '/v1/sources?workspaceId=00000000-0000-4000-8000-000000000001',
      '/v1/workspaces/00000000-0000-4000-8000-000000000001/medias',
    ]);
  });

  it('tries a failed load again on the next call, and no resource looks like a promise', async () => {
    let loads = 0;
    const client = createLazyClient({ baseUrl: server.url }, async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk failed');
      return liveResources;
    });
    await expect(client.jobs.listInWorkspace({ params: { id: 'w' } })).rejects.toThrow('chunk failed');
    await client.jobs.listInWorkspace({ params: { id: 'w' } });
    expect(loads).toBe(2);
    expect((client.jobs as { then?: unknown }).then).toBeUndefined();
    expect(client.jobs.listInWorkspace).toBe(client.jobs.listInWorkspace);
  });
});
