import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../lib/i18n';
import { InvitationActions } from './invitation-actions';

const api = vi.hoisted(() => ({
  invitations: { respond: vi.fn() },
  notifications: { remove: vi.fn() },
}));
vi.mock('../lib/api-client', () => ({ api }));

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['tenancy']);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const onAnswered = vi.fn();
function show() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <InvitationActions
            invitationId="i1"
            notificationId="n1"
            corporationName="Acme"
            onAnswered={onAnswered}
          />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return invalidate;
}

describe('InvitationActions', { timeout: 20_000 }, () => {
  it('accepts: answers the invitation, drops the notification and reloads the switcher lists', async () => {
    api.invitations.respond.mockResolvedValue({ id: 'i1', status: 'accepted' });
    api.notifications.remove.mockResolvedValue(undefined);
    const invalidate = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept the invitation to Acme' }));
    await waitFor(() => expect(onAnswered).toHaveBeenCalledWith('You joined Acme.'));
    expect(api.invitations.respond).toHaveBeenCalledWith({ params: { id: 'i1' }, body: { accept: true } });
    expect(api.notifications.remove).toHaveBeenCalledWith({ params: { id: 'n1' } });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['corporations'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['workspaces'] });
  });

  it('declines', async () => {
    api.invitations.respond.mockResolvedValue({ id: 'i1', status: 'declined' });
    api.notifications.remove.mockResolvedValue(undefined);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline the invitation to Acme' }));
    await waitFor(() => expect(onAnswered).toHaveBeenCalledWith('You declined the invitation to Acme.'));
    expect(api.invitations.respond).toHaveBeenCalledWith({ params: { id: 'i1' }, body: { accept: false } });
  });
});
