import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { draft, media, page } from '../../editor/components/editor-fixtures';
import { LibraryPanel } from './library-panel';

const A = '00000000-0000-4000-8000-0000000000a1';
const B = '00000000-0000-4000-8000-0000000000a2';
const C = '00000000-0000-4000-8000-0000000000a3';

const api = vi.hoisted(() => ({
  medias: { list: vi.fn(), get: vi.fn() },
  drafts: { create: vi.fn() },
  jobs: { listInWorkspace: vi.fn() },
}));
vi.mock('../../../lib/api-client', () => ({ api }));
vi.mock('../../../lib/use-available-features', () => ({
  useAvailableFeatures: () => new Set(['editor', 'media']),
}));

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function show() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const uploads = { entries: [], add: vi.fn(), cancel: vi.fn(), dismiss: vi.fn(), active: false };
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/c1/w1/media']}>
          <Suspense fallback={null}>
            <Routes>
              <Route
                path="/:corporationId/:workspaceId/media"
                element={<LibraryPanel workspaceId="w1" uploads={uploads as never} onShowJobs={() => {}} />}
              />
              <Route path="*" element={<Where />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('Library selection', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.changeLanguage('en');
    await loadNamespaces(['medias', 'editor']);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('selects media by checkbox in the order picked and makes a draft of them that opens in the editor', async () => {
    api.medias.list.mockResolvedValue(
      page([media(A, 'Intro'), media(B, 'Interview'), { ...media(C, 'Upload'), status: 'processing' }]),
    );
    api.drafts.create.mockResolvedValue(draft({ id: '00000000-0000-4000-8000-0000000000d9' }));
    show();
    const interview = await screen.findByRole('checkbox', { name: 'Select Interview' }, { timeout: 5000 });
    expect((screen.getByRole('checkbox', { name: 'Select Upload' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'New draft from selection' })).toBeNull();

    // Picked second, Intro comes second on the main track.
    fireEvent.click(interview);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Intro' }));
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();

    fireEvent.click(within(bar).getByRole('button', { name: 'New draft from selection' }));
    await waitFor(() => expect(api.drafts.create).toHaveBeenCalledTimes(1));
    expect(api.drafts.create.mock.calls[0]![0]).toEqual({
      body: { workspaceId: 'w1', name: 'Interview and 1 more', fromMediaIds: [B, A] },
    });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/c1/w1/editor?draft=00000000-0000-4000-8000-0000000000d9',
      ),
    );
  });

  it('clears the selection', async () => {
    api.medias.list.mockResolvedValue(page([media(A, 'Intro'), media(B, 'Interview')]));
    show();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Intro' }, { timeout: 5000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select Intro' }) as HTMLInputElement).checked).toBe(false);
  });
});
