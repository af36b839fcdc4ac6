import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { ApiKeysCard } from './api-keys-card';

const page = <T,>(items: T[]) => ({ items, total: items.length, limit: 200, offset: 0 });
const api = vi.hoisted(() => ({
  apiKeys: { listForUser: vi.fn(), create: vi.fn(), invalidate: vi.fn() },
}));
vi.mock('../../../lib/api-client', () => ({ api }));
const C = '00000000-0000-4000-8000-0000000000c1';
const W = '00000000-0000-4000-8000-0000000000a1';
vi.mock('../../../lib/queries/corporations', () => ({
  useCorporations: () => ({ data: [{ id: C, name: 'Acme', permissions: ['read', 'write', 'admin'] }] }),
}));
vi.mock('../../../lib/queries/workspaces', () => ({
  useWorkspaces: () => ({ data: [{ id: W, name: 'Studio', corporationId: C }] }),
}));

const key = {
  id: 'k1',
  userId: 'u1',
  name: 'Deploy',
  prefix: 'swk_abcdef',
  invalidated: false,
  lastUsedAt: null,
  expiresAt: null,
  scope: { corporationId: C, workspaceId: W, permission: 'read' },
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['account']);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function show() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <ApiKeysCard userId="u1" />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('ApiKeysCard', { timeout: 20_000 }, () => {
  it('lists keys with scope and last use, and invalidates one after confirmation', async () => {
    api.apiKeys.listForUser.mockResolvedValue(
      page([
        key,
        {
          ...key,
          id: 'k2',
          name: 'Old',
          invalidated: true,
          scope: null,
          lastUsedAt: '2026-01-02T10:00:00.000Z',
        },
      ]),
    );
    api.apiKeys.invalidate.mockResolvedValue({ ...key, invalidated: true });
    show();
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getByText(/Read in Studio \(Acme\) · never used/)).toBeTruthy();
    expect(within(list).getByText(/Everything you may do · last used/)).toBeTruthy();
    expect(within(list).getByText('Invalidated')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invalidate the key Old' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Invalidate the key Deploy' }));
    const confirm = await screen.findByRole('dialog', { name: 'Invalidate Deploy?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Invalidate' }));
    await waitFor(() => expect(api.apiKeys.invalidate).toHaveBeenCalledWith({ params: { id: 'k1' } }));
  });

  it('creates a workspace write key and shows it once with a curl example', async () => {
    api.apiKeys.listForUser.mockResolvedValue(page([]));
    api.apiKeys.create.mockResolvedValue({ ...key, name: 'CI', key: 'swk_secret-value-1234567890' });
    show();
    await screen.findByText('No API keys yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    // The dialog's chunk brings the date picker: slow on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' }, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'CI' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'May reach' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Workspace Studio' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Permission' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Write' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const created = await screen.findByRole('dialog', { name: 'Key CI created' }, { timeout: 10_000 });
    expect(api.apiKeys.create).toHaveBeenCalledWith({
      params: { id: 'u1' },
      body: { name: 'CI', expiresAt: null, scope: { corporationId: C, workspaceId: W, permission: 'write' } },
    });
    expect(within(created).getByTestId('api-key-value').textContent).toBe('swk_secret-value-1234567890');
    expect(
      within(created).getByText(/curl -H "Authorization: Token swk_secret-value-1234567890"/),
    ).toBeTruthy();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    fireEvent.click(within(created).getByRole('button', { name: 'Copy key' }));
    await within(created).findByText('Copied.');
    expect(writeText).toHaveBeenCalledWith('swk_secret-value-1234567890');
  });
});
