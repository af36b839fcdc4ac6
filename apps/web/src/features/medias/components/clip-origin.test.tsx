import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { ClipAccuracyChip, ClipOrigin } from './clip-origin';

const api = vi.hoisted(() => ({ outputs: { listInWorkspace: vi.fn() }, medias: { get: vi.fn() } }));
vi.mock('../../../lib/api-client', () => ({ api }));

const clip = (accuracy: 'segment' | 'frame', sourceKind: 'output' | 'media' = 'media') => ({
  sourceKind,
  sourceId: '00000000-0000-4000-8000-0000000000a1',
  from: null,
  to: null,
  inMs: 2000,
  outMs: 65_000,
  accuracy,
});

function show(children: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('clip origin in the library', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.changeLanguage('en');
    await loadNamespaces(['medias']);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('says whether the file is the fast cut, waiting for its exact cut, or exact', () => {
    const { rerender } = show(
      <ClipAccuracyChip media={{ status: 'processing', workspaceId: 'w1', clip: clip('segment') }} />,
    );
    expect(screen.getByText('Fast cut, exact cut in progress')).toBeTruthy();
    rerender(<ClipAccuracyChip media={{ status: 'ready', workspaceId: 'w1', clip: clip('segment') }} />);
    expect(screen.getByText('Fast cut')).toBeTruthy();
    rerender(<ClipAccuracyChip media={{ status: 'ready', workspaceId: 'w1', clip: clip('frame') }} />);
    expect(screen.getByText('Exact cut')).toBeTruthy();
  });

  it('names the source media with the offsets and the auto-delete date', async () => {
    api.medias.get.mockResolvedValue({ id: 'm', name: 'Keynote', links: {} });
    show(
      <ClipOrigin
        media={{
          status: 'ready',
          workspaceId: 'w1',
          clip: clip('frame'),
          autoDeleteAt: new Date('2030-01-02T10:00:00Z'),
        }}
      />,
    );
    expect(await screen.findByText('Clip of Keynote · 0:02–1:05')).toBeTruthy();
    expect(screen.getByText(/^Deletes itself on .*2030/)).toBeTruthy();
  });
});
