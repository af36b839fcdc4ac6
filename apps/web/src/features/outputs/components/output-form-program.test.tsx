import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { ProgramSection } from './output-form-program';
import { initialValues } from './output-form-values';

const api = vi.hoisted(() => ({
  medias: { listInWorkspace: vi.fn(), get: vi.fn() },
}));
vi.mock('../../../lib/api-client', () => ({ api }));

describe('ProgramSection latency', () => {
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['outputs']);
  });
  afterEach(cleanup);

  it('offers Real time and says what it needs and what happens without it', async () => {
    api.medias.listInWorkspace.mockResolvedValue({ items: [], total: 0, limit: 200, offset: 0 });
    const set = vi.fn();
    const values = { ...initialValues(null, [], undefined), latency: 'realtime' as const };
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={null}>
            <ProgramSection values={values} set={set} err={() => undefined} sources={[]} workspaceId="w1" />
          </Suspense>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const latency = await screen.findByRole('combobox', { name: 'Latency' });
    expect(latency.textContent).toBe('Real time (WebRTC)');
    expect(screen.getByText(/reaches this server over UDP.*falls back to low latency/)).toBeTruthy();

    fireEvent.mouseDown(latency);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toContain('Real time (WebRTC)');
    fireEvent.click(options.find((o) => o.textContent === 'Low')!);
    expect(set).toHaveBeenCalledWith('latency', 'low');
  });
});
