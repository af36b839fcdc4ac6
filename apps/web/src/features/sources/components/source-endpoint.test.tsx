import { ApiError } from '@stromwerk/client/api-error';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { endpointForType, endpointsFor, formFieldOf, sourceServerErrors } from './source-endpoint';
import { SourceFormDialog } from './source-form-dialog';

const api = vi.hoisted(() => ({ sources: { endpoints: vi.fn(), create: vi.fn(), update: vi.fn() } }));
vi.mock('../../../lib/api-client', () => ({ api }));

const refusal = (details: { field: string; message: string }[], code = 'VALIDATION_FAILED') =>
  new ApiError(400, { code: code as never, message: 'Please check your input', details });

describe('type -> endpoint', () => {
  it('gives SRT sources Europe (SRT) and RTMP sources an RTMP region', () => {
    expect(endpointForType('srt', 'europe')).toBe('europe-srt');
    expect(endpointForType('srt', 'us-west')).toBe('europe-srt');
    expect(endpointForType('rtmp', 'europe-srt')).toBe('europe');
    expect(endpointForType('rtmp', 'us-west')).toBe('us-west');
    expect(endpointForType('demo', 'us-west')).toBe('us-west');
    expect(endpointsFor('srt')).toEqual(['europe-srt']);
    expect(endpointsFor('rtmp')).toEqual(['europe', 'us-west']);
    expect(endpointsFor('relive')).toEqual([]);
  });

  it('maps the server field paths to form fields, in the form words where it has them', () => {
    expect(formFieldOf('body.endpoint')).toBe('endpoint');
    expect(formFieldOf('endpoint')).toBe('endpoint');
    expect(formFieldOf('body.maintenanceEnd')).toBe('maintenanceEnd');
    expect(formFieldOf('workspaceId')).toBeUndefined();
    expect(
      sourceServerErrors(
        refusal([
          { field: 'body.endpoint', message: 'SRT sources use the Europe (SRT) endpoint' },
          { field: 'name', message: 'Too long' },
        ]),
      ),
    ).toEqual({
      endpoint: 'validation.endpoint',
      name: { key: 'validation.server', values: { message: 'Too long' } },
    });
    expect(sourceServerErrors(new Error('x'))).toEqual({});
  });
});

function renderForm(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>{children}</Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

// A dialog's first render on a busy 2-core machine can take more than the default 5 s.
describe('SourceFormDialog endpoint', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['sources']);
  });
  afterEach(async () => {
    cleanup();
    vi.clearAllMocks();
    await i18n.changeLanguage('en');
  });

  const chooseType = async (name: RegExp) => {
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /source type|quelltyp/i }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
  };

  it('sends an SRT source with the SRT endpoint without the user choosing it', async () => {
    api.sources.endpoints.mockResolvedValue({
      endpoints: [
        { id: 'europe', protocol: 'rtmp', configured: true },
        { id: 'us-west', protocol: 'rtmp', configured: false },
        { id: 'europe-srt', protocol: 'srt', configured: true },
      ],
    });
    api.sources.create.mockResolvedValue({});
    renderForm(<SourceFormDialog open source={null} workspaceId="w1" onClose={() => {}} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /name/i }), { target: { value: 'Cam' } });
    await chooseType(/srt/i);
    expect(screen.getByRole('combobox', { name: /endpoint/i }).textContent).toBe('Europe (SRT)');
    fireEvent.click(screen.getByRole('button', { name: /add source/i }));
    await waitFor(() => expect(api.sources.create).toHaveBeenCalled());
    expect(api.sources.create.mock.calls[0]![0].body).toMatchObject({ type: 'srt', endpoint: 'europe-srt' });
  });

  it('marks a region without an ingest address', async () => {
    api.sources.endpoints.mockResolvedValue({
      endpoints: [
        { id: 'europe', protocol: 'rtmp', configured: true },
        { id: 'us-west', protocol: 'rtmp', configured: false },
        { id: 'europe-srt', protocol: 'srt', configured: true },
      ],
    });
    renderForm(<SourceFormDialog open source={null} workspaceId="w1" onClose={() => {}} />);
    await waitFor(() => expect(api.sources.endpoints).toHaveBeenCalled());
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /endpoint/i }));
    await screen.findByRole('option', { name: 'US-West (not configured on this server)' });
    fireEvent.click(screen.getByRole('option', { name: /US-West/ }));
    expect(await screen.findByText(/no ingest address configured on this server/)).toBeTruthy();
  });

  it('shows the server refusal of a field on that field, in German', async () => {
    await i18n.changeLanguage('de');
    await loadNamespaces(['sources']);
    api.sources.endpoints.mockResolvedValue({ endpoints: [] });
    api.sources.create.mockRejectedValue(
      refusal([{ field: 'body.endpoint', message: 'SRT sources use the Europe (SRT) endpoint' }]),
    );
    renderForm(<SourceFormDialog open source={null} workspaceId="w1" onClose={() => {}} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /name/i }), { target: { value: 'Cam' } });
    fireEvent.click(screen.getByRole('button', { name: /quelle hinzufügen|hinzufügen/i }));
    const field = await screen.findByText('Dieser Endpunkt nimmt diesen Quelltyp nicht an');
    const endpoint = screen.getByRole('combobox', { name: /endpunkt/i });
    expect(field.id).toBe(endpoint.getAttribute('aria-describedby'));
  });
});
