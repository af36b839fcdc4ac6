import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket as WsWebSocket } from 'ws';
import { LiveClient } from './live-client';
import { type LiveApi, LiveProvider, useLiveStatus } from './live-provider';
import type { LiveStatus } from './live-types';
import { startTestBroker, type TestBroker } from './test-broker';
import { useLiveCache } from './use-live-subscription';

// See live-client.test.ts: jsdom's own WebSocket does not work under vitest; `ws` has the same API.
beforeAll(() => {
  vi.stubGlobal('WebSocket', WsWebSocket);
});

// Generous waits: the real broker shares a busy CI machine.
const slow = { timeout: 8000 };
let broker: TestBroker;
afterEach(() => broker?.close());

// Only the credentials are needed here; the notifications list is exercised against the real server.
const unusedApi = { notifications: {}, broker: {} } as LiveApi;

function Workspaces({ fetches }: { fetches: { count: number } }) {
  const status = useLiveStatus();
  useLiveCache(['corporation/c1/workspace/+'], 'u1');
  const query = useQuery({ queryKey: ['workspaces'], queryFn: async () => ++fetches.count });
  return (
    <p>
      {status} fetched {query.data ?? 0}
    </p>
  );
}

describe('LiveProvider', () => {
  it('connects when enabled, reports status, and refetches a query when its entity changes', async () => {
    broker = await startTestBroker({ password: 'token' });
    const client = new LiveClient({
      credentials: async () => ({ url: broker.url, username: 'u1', password: 'token' }),
      timerVariant: 'native',
    });
    const statuses: (LiveStatus | null)[] = [];
    const fetches = { count: 0 };
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <LiveProvider api={unusedApi} enabled client={client} onStatusChange={(s) => statuses.push(s)}>
          <Workspaces fetches={fetches} />
        </LiveProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('connected fetched 1', {}, slow);
    await waitFor(() => expect(broker.subscribed).toEqual(['corporation/c1/workspace/+']), slow);

    await act(() =>
      broker.publish('corporation/c1/workspace/w1', {
        type: 'updated',
        entity: 'workspace',
        id: 'w1',
        data: null,
      }),
    );
    await screen.findByText('connected fetched 2', {}, slow);
    expect(statuses).toEqual(['loading', 'connected']);

    view.rerender(
      <QueryClientProvider client={new QueryClient()}>
        <LiveProvider api={unusedApi} enabled={false} client={client}>
          <p>logged out</p>
        </LiveProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(client.status).toBe('disconnected'), slow);
    expect(statuses.at(-1)).toBeNull();
    view.unmount();
  });
});
