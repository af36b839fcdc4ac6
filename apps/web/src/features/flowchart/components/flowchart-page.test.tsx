import type { WorkspaceGraph } from '@stromwerk/contracts/graph';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { LiveProvider } from '../../../live/live-provider';
import { FlowchartPage } from './flowchart-page';

const api = vi.hoisted(() => ({
  graph: {
    ofWorkspace: vi.fn(),
    watch: vi.fn(() => Promise.resolve()),
    unwatch: vi.fn(() => Promise.resolve()),
  },
  targets: { update: vi.fn() },
  outputs: { update: vi.fn() },
  users: { me: vi.fn() },
}));
vi.mock('../../../lib/api-client', () => ({ api }));
vi.mock('../../../lib/use-active-context', () => ({
  useActiveContext: () => ({
    params: { corporationId: 'c1', workspaceId: 'w1' },
    workspace: { id: 'w1', name: 'Studio' },
    corporations: [],
    workspaces: [],
  }),
}));
vi.mock('../../../lib/use-available-features', () => ({
  useAvailableFeatures: () => new Set(['flowchart']),
}));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const graph: WorkspaceGraph = {
  workspaceId: 'w1',
  corporationId: 'c1',
  canWrite: true,
  truncated: false,
  nodes: [
    {
      id: `source:${id(1)}`,
      refId: id(1),
      kind: 'source',
      label: 'Studio A',
      state: 'live',
      sourceType: 'rtmp',
      streamInfo: null,
      recording: false,
      lastError: null,
      lastErrorCause: null,
    },
    {
      id: `output:${id(2)}`,
      refId: id(2),
      kind: 'output',
      label: 'Main stage',
      state: 'main',
      viewers: 3,
      viewerLimit: null,
      latency: 'low',
      behaviour: 'auto',
      recording: false,
      playerUrl: 'http://x/player/2',
    },
    {
      id: `target:${id(3)}`,
      refId: id(3),
      kind: 'target',
      label: 'YouTube',
      state: 'not-connected',
      targetType: 'rtmp',
      enabled: true,
      restarts: 4,
      onlineSince: null,
      bitrateKbps: null,
      lastError: 'Connection refused',
      lastErrorCause: 'receiver-unreachable',
    },
  ],
  edges: [
    { id: 'e1', from: `source:${id(1)}`, to: `output:${id(2)}`, role: 'main', state: 'flowing' },
    { id: 'e2', from: `output:${id(2)}`, to: `target:${id(3)}`, role: 'feed', state: 'failed' },
  ],
};

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LiveProvider api={api as never} enabled={false}>
          <MemoryRouter>
            <Suspense fallback={null}>
              <FlowchartPage />
            </Suspense>
          </MemoryRouter>
        </LiveProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('FlowchartPage (compact list)', () => {
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['flowchart', 'failures']);
    window.innerWidth = 500;
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists nodes by kind with state and feed, and opens a target sheet that can stop it', {
    timeout: 20_000,
  }, async () => {
    api.graph.ofWorkspace.mockResolvedValue(graph);
    api.users.me.mockResolvedValue({ id: 'u1' });
    api.targets.update.mockResolvedValue({});
    renderPage();
    const list = await screen.findByRole('navigation', { name: 'Flowchart as a list' });
    expect(within(list).getByRole('heading', { name: 'Targets' })).toBeTruthy();
    const youtube = within(list).getByRole('button', { name: /YouTube: not connected/ });
    expect(youtube.textContent).toContain('Fed by Main stage (feed)');
    fireEvent.click(youtube);
    const sheet = await screen.findByRole('dialog', { name: 'target YouTube: not connected' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Stop' }));
    await waitFor(() =>
      expect(api.targets.update).toHaveBeenCalledWith({ params: { id: id(3) }, body: { enabled: false } }),
    );
    await waitFor(() => expect(api.graph.ofWorkspace).toHaveBeenCalledTimes(2));
  });

  it('changes a player’s behaviour circuit from its sheet, with the players screen’s call', {
    timeout: 20_000,
  }, async () => {
    api.graph.ofWorkspace.mockResolvedValue(graph);
    api.users.me.mockResolvedValue({ id: 'u1' });
    api.outputs.update.mockResolvedValue({});
    renderPage();
    const list = await screen.findByRole('navigation', { name: 'Flowchart as a list' });
    fireEvent.click(await within(list).findByRole('button', { name: /^Main stage/ }));
    const sheet = await screen.findByRole('dialog', { name: /player Main stage/ });
    expect(within(sheet).getByText(/else the last recording/)).toBeTruthy();
    fireEvent.mouseDown(within(sheet).getByRole('combobox', { name: 'Behaviour circuit' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Media' }));
    await waitFor(() =>
      expect(api.outputs.update).toHaveBeenCalledWith({
        params: { id: id(2) },
        body: { behaviour: 'media' },
      }),
    );
  });

  it('watches the live stats while mounted and stops when it unmounts (the server samples only then)', async () => {
    api.graph.ofWorkspace.mockResolvedValue(graph);
    api.users.me.mockResolvedValue({ id: 'u1' });
    const view = renderPage();
    await screen.findByRole('navigation', { name: 'Flowchart as a list' });
    await waitFor(() => expect(api.graph.watch).toHaveBeenCalledTimes(1));
    const [{ params, query }] = api.graph.watch.mock.calls[0] as unknown as [
      { params: { id: string }; query: { watcher: string } },
    ];
    expect(params).toEqual({ id: 'w1' });
    expect(query.watcher).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.graph.unwatch).not.toHaveBeenCalled();
    view.unmount();
    expect(api.graph.unwatch).toHaveBeenCalledWith({ params, query });
  });

  it('"Only problems" keeps the failing target and what feeds it', async () => {
    api.graph.ofWorkspace.mockResolvedValue({
      ...graph,
      nodes: [
        ...graph.nodes,
        { ...graph.nodes[0]!, id: `source:${id(9)}`, refId: id(9), label: 'Idle studio', state: 'offline' },
      ],
    });
    api.users.me.mockResolvedValue({ id: 'u1' });
    renderPage();
    const list = await screen.findByRole('navigation', { name: 'Flowchart as a list' });
    expect(within(list).getByRole('button', { name: /Idle studio/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Only problems' }));
    await waitFor(() => expect(within(list).queryByRole('button', { name: /Idle studio/ })).toBeNull());
    expect(within(list).getByRole('button', { name: /^YouTube/ })).toBeTruthy();
    expect(within(list).getByRole('button', { name: /^Main stage/ })).toBeTruthy();
  });

  it('the Recordings switch hides the recordings under their recorder', async () => {
    api.graph.ofWorkspace.mockResolvedValue({
      ...graph,
      nodes: [
        ...graph.nodes,
        {
          id: `media:${id(7)}`,
          refId: id(7),
          kind: 'media',
          label: 'Studio A 2026-11-26 10:00 UTC',
          state: 'ready',
          durationMs: 60_000,
          addedAt: '2026-11-26T10:00:00.000Z',
        },
      ],
      edges: [
        ...graph.edges,
        { id: 'e3', from: `source:${id(1)}`, to: `media:${id(7)}`, role: 'record', state: 'idle' },
      ],
    });
    api.users.me.mockResolvedValue({ id: 'u1' });
    renderPage();
    const list = await screen.findByRole('navigation', { name: 'Flowchart as a list' });
    expect(within(list).getByRole('heading', { name: 'Recordings & fallback media' })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Recordings' }));
    await waitFor(() =>
      expect(within(list).queryByRole('heading', { name: 'Recordings & fallback media' })).toBeNull(),
    );
  });
});
