import type { Source } from '@stromwerk/contracts/sources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { SourcesPage } from './sources-page';

/** The client the page talks to: the list, and the calls a bulk action may make. */
const api = vi.hoisted(() => ({
  sources: {
    listInWorkspace: vi.fn(),
    bulkUpdate: vi.fn(),
    update: vi.fn(),
    bulkDelete: vi.fn(),
  },
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
  useAvailableFeatures: () => new Set(['sources']),
}));

const source = (n: number, recording: boolean): Source => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  corporationId: 'c1',
  workspaceId: 'w1',
  name: `Stage ${n}`,
  type: 'rtmp',
  endpoint: 'europe',
  recording,
  startNow: true,
  scheduledStart: null,
  mediaId: null,
  loop: true,
  maintenanceStart: null,
  maintenanceEnd: null,
  state: 'offline',
  streamStart: null,
  streamInfo: null,
  lastError: null,
  lastErrorCause: null,
  ingestUrl: 'rtmp://localhost:1935/live',
  meta: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function renderWith(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>{children}</Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { invalidate };
}

describe('SourcesPage bulk recording', () => {
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['sources']);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('switches recording for the whole selection with one request, then refreshes the list once', async () => {
    const items = [source(1, false), source(2, true), source(3, false)];
    api.sources.listInWorkspace.mockResolvedValue({ items, total: 3, limit: 200, offset: 0 });
    api.sources.bulkUpdate.mockResolvedValue({ ids: items.map((s) => s.id) });
    const { invalidate } = renderWith(<SourcesPage />);

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all sources' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enable recording' }));

    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['sources'] });
    expect(api.sources.bulkUpdate).toHaveBeenCalledTimes(1);
    expect(api.sources.bulkUpdate).toHaveBeenCalledWith({
      body: { ids: items.map((s) => s.id), changes: { recording: true } },
    });
    expect(api.sources.update).not.toHaveBeenCalled();
  });

  it('shows the refusal of the request, and sends nothing more', async () => {
    api.sources.listInWorkspace.mockResolvedValue({
      items: [source(1, true), source(2, true)],
      total: 2,
      limit: 200,
      offset: 0,
    });
    api.sources.bulkUpdate.mockRejectedValue(new Error('refused'));
    renderWith(<SourcesPage />);

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all sources' }));
    fireEvent.click(screen.getByRole('button', { name: 'Disable recording' }));

    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(api.sources.bulkUpdate).toHaveBeenCalledTimes(1);
    expect(api.sources.bulkUpdate.mock.calls[0]?.[0].body.changes).toEqual({ recording: false });
    expect(api.sources.update).not.toHaveBeenCalled();
  });
});
