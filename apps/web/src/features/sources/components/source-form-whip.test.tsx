import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { SourceFormDialog } from './source-form-dialog';
import { toBody } from './source-form-values';

const api = vi.hoisted(() => ({ sources: { endpoints: vi.fn(), create: vi.fn(), update: vi.fn() } }));
vi.mock('../../../lib/api-client', () => ({ api }));

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <SourceFormDialog open source={null} workspaceId="w1" onClose={() => {}} />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('SourceFormDialog WebRTC (WHIP)', () => {
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['sources']);
  });
  afterEach(async () => {
    cleanup();
    vi.clearAllMocks();
    await i18n.changeLanguage('en');
  });

  it('offers the type WebRTC (WHIP) and creates such a source without an endpoint', async () => {
    api.sources.endpoints.mockResolvedValue({ endpoints: [] });
    api.sources.create.mockResolvedValue({});
    renderForm();
    fireEvent.change(await screen.findByRole('textbox', { name: /name/i }), { target: { value: 'Keynote' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Source type' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'WebRTC (WHIP)' }));

    expect(screen.getByText(/OBS 30 or later sends over WebRTC \(WHIP\)/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /endpoint/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add source' }));
    await waitFor(() => expect(api.sources.create).toHaveBeenCalled());
    const body = api.sources.create.mock.calls[0]![0].body;
    expect(body).toMatchObject({ type: 'whip', name: 'Keynote', workspaceId: 'w1' });
    expect(body.endpoint).toBeUndefined();
  });

  it('names the type in German too', async () => {
    await i18n.changeLanguage('de');
    await loadNamespaces(['sources']);
    api.sources.endpoints.mockResolvedValue({ endpoints: [] });
    renderForm();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Quellentyp' }));
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: 'WebRTC (WHIP)' })).toBeTruthy();
  });

  it('sends no endpoint for a WHIP source', () => {
    const values = {
      name: 'Keynote',
      type: 'whip' as const,
      endpoint: 'europe' as const,
      recording: false,
      startNow: true,
      scheduledStart: '',
      mediaId: '',
      loop: true,
      maintenanceStart: '',
      maintenanceEnd: '',
    };
    expect(toBody(values).endpoint).toBeUndefined();
  });
});
