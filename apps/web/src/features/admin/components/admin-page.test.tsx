import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { AdminPage } from './admin-page';

const page = <T,>(items: T[]) => ({ items, total: items.length, limit: 25, offset: 0 });
const api = vi.hoisted(() => ({
  users: { me: vi.fn(), list: vi.fn(), block: vi.fn(), unblock: vi.fn() },
  corporations: { list: vi.fn(), block: vi.fn(), unblock: vi.fn() },
  apiKeys: { list: vi.fn(), invalidate: vi.fn() },
  workspaces: { list: vi.fn() },
}));
vi.mock('../../../lib/api-client', () => ({ api }));
vi.mock('../../../lib/session', () => ({ useLoggedIn: () => true }));

const admin = {
  id: 'u-admin',
  name: 'Olga Owner',
  email: 'olga@example.test',
  isAdmin: true,
  blocked: false,
};
const eve = { id: 'u-eve', name: 'Eve', email: 'eve@example.test', isAdmin: false, blocked: false };

function show(path = '/admin') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={null}>
            <AdminPage />
          </Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['admin', 'account', 'tenancy']);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('AdminPage', { timeout: 20_000 }, () => {
  it('lists users, searches from the first page, and blocks after a confirmation naming the effect', async () => {
    api.users.me.mockResolvedValue(admin);
    api.users.list.mockResolvedValue(page([admin, eve]));
    api.users.block.mockResolvedValue({ ...eve, blocked: true });
    show();
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('eve@example.test');
    // No Block for oneself.
    expect(within(table).queryByRole('button', { name: 'Block Olga Owner' })).toBeNull();
    expect(within(table).getByText('You')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search by name or email'), { target: { value: 'eve' } });
    await waitFor(() =>
      expect(api.users.list).toHaveBeenLastCalledWith(
        { query: { limit: 25, offset: 0, search: 'eve' } },
        expect.anything(),
      ),
    );

    fireEvent.click(within(table).getByRole('button', { name: 'Block Eve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Eve?' });
    expect(dialog.textContent).toContain('logged out everywhere at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(api.users.block).toHaveBeenCalledWith({ params: { id: 'u-eve' } }));
    expect(api.users.unblock).not.toHaveBeenCalled();
  });

  it('the API keys tab lists every key with its owner and invalidates one', async () => {
    api.users.me.mockResolvedValue(admin);
    api.corporations.list.mockResolvedValue(page([]));
    api.workspaces.list.mockResolvedValue(page([]));
    api.apiKeys.list.mockResolvedValue(
      page([
        {
          id: 'k1',
          userId: 'u-eve',
          name: 'deploy',
          prefix: 'swk_abcdef',
          invalidated: false,
          lastUsedAt: null,
          expiresAt: null,
          scope: null,
          createdAt: new Date(0),
          updatedAt: new Date(0),
          owner: { id: 'u-eve', name: 'Eve', email: 'eve@example.test', blocked: true },
        },
      ]),
    );
    api.apiKeys.invalidate.mockResolvedValue({});
    show('/admin?tab=api-keys');
    const table = await screen.findByRole('table', { name: 'API keys' });
    await within(table).findByText('deploy');
    expect(within(table).getByText('eve@example.test')).toBeTruthy();
    expect(within(table).getByText('Blocked')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Invalidate the key deploy of Eve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invalidate the key deploy?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invalidate' }));
    await waitFor(() => expect(api.apiKeys.invalidate).toHaveBeenCalledWith({ params: { id: 'k1' } }));
  });

  it('tells everyone else it is for platform administrators and asks the server for nothing', async () => {
    api.users.me.mockResolvedValue({ ...eve });
    show();
    await screen.findByText('Only platform administrators can open the administration.');
    expect(api.users.list).not.toHaveBeenCalled();
  });
});
