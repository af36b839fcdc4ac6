import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import type { WorkspaceData } from '../../../lib/types';
import { CorporationMembersCard } from './corporation-members-card';
import { InvitationsCard } from './invitations-card';
import { WorkspacesAdminCard } from './workspaces-admin-card';

const page = <T,>(items: T[]) => ({ items, total: items.length, limit: 200, offset: 0 });
const api = vi.hoisted(() => ({
  corporations: {
    members: vi.fn(),
    memberships: vi.fn(),
    invitations: vi.fn(),
    setUserPermissions: vi.fn(),
    setWorkspaceSorting: vi.fn(),
  },
  workspaces: { members: vi.fn(), setUserPermissions: vi.fn(), update: vi.fn(), remove: vi.fn() },
  invitations: { create: vi.fn(), resend: vi.fn(), revoke: vi.fn() },
}));
vi.mock('../../../lib/api-client', () => ({ api }));

const C = '00000000-0000-4000-8000-0000000000c1';
const ws = (n: number, name: string): WorkspaceData => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  corporationId: C,
  sortIndex: n,
  permissions: ['read', 'write', 'admin'],
  createdAt: new Date(0),
  updatedAt: new Date(0),
});
const studio = ws(1, 'Studio');
const news = ws(2, 'News');
const ada = { userId: 'u-ada', name: 'Ada', email: 'ada@example.test', blocked: false };
const bob = { userId: 'u-bob', name: 'Bob', email: 'bob@example.test', blocked: true };

function show(node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>{node}</Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['tenancy']);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CorporationMembersCard', { timeout: 20_000 }, () => {
  const members = () => {
    api.corporations.members.mockResolvedValue(page([{ ...ada, permissions: ['read', 'write', 'admin'] }]));
    // One request for everything an administrator sees: corporation level and per workspace.
    api.corporations.memberships.mockResolvedValue(
      page([
        { ...ada, workspaceId: null, permissions: ['read', 'write', 'admin'] },
        { ...bob, workspaceId: news.id, permissions: ['read'] },
        { ...bob, workspaceId: 'a-workspace-not-on-the-page', permissions: ['read'] },
      ]),
    );
  };

  it('lists corporation and workspace members together; an admin changes and removes', async () => {
    members();
    api.workspaces.setUserPermissions.mockResolvedValue(undefined);
    show(<CorporationMembersCard corporationId={C} workspaces={[studio, news]} isAdmin />);
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(api.corporations.memberships).toHaveBeenCalledTimes(1);
    expect(api.workspaces.members).not.toHaveBeenCalled();
    expect(api.corporations.members).not.toHaveBeenCalled();
    await within(list).findByText('bob@example.test');
    expect(within(list).getByText('Corporation: Admin')).toBeTruthy();
    expect(within(list).getByText('News: Read')).toBeTruthy();
    // Bob is blocked, and marked so; Ada is not.
    expect(within(list).getAllByText('Blocked')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Change permissions of Bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Bob' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Workspace Studio' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Write' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(api.workspaces.setUserPermissions).toHaveBeenCalledWith({
      params: { id: studio.id },
      body: { userId: 'u-bob', permissions: ['write'] },
    });
    expect(api.corporations.setUserPermissions).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Bob' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Bob?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove member' }));
    await waitFor(() =>
      expect(api.workspaces.setUserPermissions).toHaveBeenLastCalledWith({
        params: { id: news.id },
        body: { userId: 'u-bob', permissions: [] },
      }),
    );
  });

  it('is read-only for non-administrators', async () => {
    members();
    show(<CorporationMembersCard corporationId={C} workspaces={[studio, news]} isAdmin={false} />);
    await screen.findByText('ada@example.test');
    // Non-administrators may not read every membership: the corporation-level list only.
    expect(api.corporations.memberships).not.toHaveBeenCalled();
    expect(screen.queryByText('bob@example.test')).toBeNull();
    expect(screen.queryByRole('button', { name: /Change permissions/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});

describe('InvitationsCard', { timeout: 20_000 }, () => {
  const pending = {
    id: 'i1',
    corporationId: C,
    corporationName: 'Acme',
    workspaceId: news.id,
    email: 'new@example.test',
    permissions: ['read'],
    workspaces: [{ workspaceId: studio.id, permission: 'admin' }],
    status: 'pending',
    invitedBy: null,
    expiry: new Date('2030-01-01T00:00:00Z'),
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };

  it('invites for one workspace, resends and revokes pending invitations', async () => {
    api.corporations.invitations.mockResolvedValue(
      page([pending, { ...pending, id: 'i2', status: 'accepted' }]),
    );
    api.invitations.create.mockResolvedValue({ ...pending, id: 'i3', email: 'eve@example.test', code: 'x' });
    api.invitations.resend.mockResolvedValue(pending);
    api.invitations.revoke.mockResolvedValue(undefined);
    show(<InvitationsCard corporationId={C} workspaces={[studio, news]} />);
    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText(/News: Read, Studio: Admin · valid until/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Email address/ }), {
      target: { value: 'eve@example.test' },
    });
    // No corporation role: Studio to write, News to read.
    const choose = async (select: string, option: string) => {
      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: select }));
      fireEvent.click(await screen.findByRole('option', { name: option }));
    };
    await choose('Whole corporation', 'None');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await within(dialog).findByText('Grant at least the corporation or one workspace.');
    expect(api.invitations.create).not.toHaveBeenCalled();
    await choose('Workspace Studio', 'Write');
    await choose('Workspace News', 'Read');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await within(dialog).findByText('Invitation sent to eve@example.test.');
    expect(api.invitations.create).toHaveBeenCalledWith({
      body: {
        corporationId: C,
        email: 'eve@example.test',
        workspaceId: studio.id,
        permissions: ['write'],
        workspaces: [{ workspaceId: news.id, permission: 'read' }],
      },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Resend the invitation to new@example.test' }));
    await screen.findByText('Invitation sent again to new@example.test.');
    expect(api.invitations.resend).toHaveBeenCalledWith({ params: { id: 'i1' } });

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to new@example.test' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the invitation to new@example.test?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.invitations.revoke).toHaveBeenCalledWith({ params: { id: 'i1' } }));
  });

  it('refuses an invalid email before sending', async () => {
    api.corporations.invitations.mockResolvedValue(page([]));
    show(<InvitationsCard corporationId={C} workspaces={[studio]} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Email address/ }), {
      target: { value: 'not-an-address' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await within(dialog).findByText('Invalid email address');
    expect(api.invitations.create).not.toHaveBeenCalled();
  });
});

describe('WorkspacesAdminCard', { timeout: 20_000 }, () => {
  it('moves a workspace down, renames and deletes one after confirmation', async () => {
    api.corporations.setWorkspaceSorting.mockResolvedValue(undefined);
    api.workspaces.update.mockResolvedValue({ ...studio, name: 'Main studio' });
    api.workspaces.remove.mockResolvedValue(undefined);
    show(<WorkspacesAdminCard corporationId={C} workspaces={[studio, news]} />);
    expect((screen.getByRole('button', { name: 'Move Studio up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Studio down' }));
    await waitFor(() =>
      expect(api.corporations.setWorkspaceSorting).toHaveBeenCalledWith({
        params: { id: C },
        body: { workspaceIds: [news.id, studio.id] },
      }),
    );
    expect(screen.getByRole('status').textContent).toBe('Studio is now at position 2.');
    // By mouse: News dropped onto Studio's place.
    const dataTransfer = { effectAllowed: '' };
    fireEvent.dragStart(screen.getByTestId(`workspace-order-${news.id}`), { dataTransfer });
    fireEvent.dragOver(screen.getByTestId(`workspace-order-${studio.id}`), { dataTransfer });
    fireEvent.drop(screen.getByTestId(`workspace-order-${studio.id}`), { dataTransfer });
    await waitFor(() => expect(api.corporations.setWorkspaceSorting).toHaveBeenCalledTimes(2));
    expect(api.corporations.setWorkspaceSorting).toHaveBeenLastCalledWith({
      params: { id: C },
      body: { workspaceIds: [news.id, studio.id] },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Rename Studio' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename Studio' });
    fireEvent.change(within(rename).getByRole('textbox', { name: /Workspace name/ }), {
      target: { value: 'Main studio' },
    });
    fireEvent.click(within(rename).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(rename.isConnected).toBe(false));
    expect(api.workspaces.update).toHaveBeenCalledWith({
      params: { id: studio.id },
      body: { name: 'Main studio' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete News' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete News?' });
    expect(api.workspaces.remove).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(api.workspaces.remove).toHaveBeenCalledWith({ params: { id: news.id } }));
  });
});
