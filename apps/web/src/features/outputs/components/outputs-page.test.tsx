import type { Output } from '@stromwerk/contracts/outputs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { OutputsPage } from './outputs-page';

const page = <T,>(items: T[]) => ({ items, total: items.length, limit: 200, offset: 0 });

/** The client the page talks to: its lists, and the calls "Edit selected" may make. */
const api = vi.hoisted(() => ({
  outputs: {
    listInWorkspace: vi.fn(),
    statistics: vi.fn(),
    bulkUpdate: vi.fn(),
    update: vi.fn(),
    passwords: vi.fn(),
  },
  sources: { listInWorkspace: vi.fn() },
  medias: { listInWorkspace: vi.fn() },
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
  useAvailableFeatures: () => new Set(['outputs']),
}));

const output = (n: number, latency: Output['latency']): Output => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  corporationId: 'c1',
  workspaceId: 'w1',
  name: `Player ${n}`,
  mainSourceId: null,
  backupSourceId: null,
  fallbackMediaId: null,
  behaviour: 'auto',
  latency,
  ladder: [],
  direction: 'landscape',
  recording: false,
  vodAfterStream: false,
  overlay: null,
  background: '#000000',
  commentsEnabled: false,
  commentExpirationHours: 0,
  moderation: 'approval',
  viewerLimitEnabled: false,
  viewerLimit: 100,
  whitelist: [],
  passwordCount: n,
  input: 'offline',
  playerUrl: `http://stromwerk.test/player/${n}`,
  embedCode: '<iframe></iframe>',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('OutputsPage "Edit selected"', () => {
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['outputs']);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('saves the touched settings of every selected player with one request, then refreshes once', {
    timeout: 20_000,
  }, async () => {
    const items = [output(1, 'low'), output(2, 'normal'), output(3, 'high')];
    api.outputs.listInWorkspace.mockResolvedValue(page(items));
    api.outputs.statistics.mockResolvedValue({
      currentViewers: 0,
      peakViewers: 0,
      views: 0,
      watchSeconds: 0,
    });
    api.sources.listInWorkspace.mockResolvedValue(page([]));
    api.medias.listInWorkspace.mockResolvedValue(page([]));
    api.outputs.bulkUpdate.mockResolvedValue({ ids: items.map((o) => o.id) });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    render(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={null}>
            <OutputsPage />
          </Suspense>
        </I18nextProvider>
      </QueryClientProvider>,
    );

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all players' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 3 players' });
    fireEvent.click(await screen.findByRole('switch', { name: 'Recording' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(api.outputs.bulkUpdate).toHaveBeenCalledTimes(1);
    expect(api.outputs.bulkUpdate).toHaveBeenCalledWith({
      body: { ids: items.map((o) => o.id), changes: { recording: true } },
    });
    expect(api.outputs.update).not.toHaveBeenCalled();
    expect(api.outputs.passwords).not.toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['outputs'] });
  });
});
