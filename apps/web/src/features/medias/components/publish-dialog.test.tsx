import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import type { MediaItem } from '../api/types';
import { PublishDialog } from './publish-dialog';

const X_ID = '00000000-0000-4000-8000-0000000000a1';
const FB_ID = '00000000-0000-4000-8000-0000000000a2';
const MEDIA_ID = '00000000-0000-4000-8000-0000000000b1';
const api = vi.hoisted(() => ({
  users: { socials: vi.fn() },
  socialPosts: { post: vi.fn(), folders: vi.fn() },
  socials: { subAccounts: vi.fn() },
}));
vi.mock('../../../lib/api-client', () => ({ api }));
vi.mock('../../../lib/queries/me', () => ({ useMe: () => ({ id: 'u1' }) }));

const social = (id: string, network: string, name: string) => ({ id, network, name, authType: 'oauth' });

function show(language: string) {
  void i18n.changeLanguage(language);
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <PublishDialog
            media={{ id: MEDIA_ID, name: 'clip' } as MediaItem}
            onClose={() => {}}
            onPublished={() => {}}
          />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('publishing to X and a Facebook page', () => {
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['medias']);
    await i18n.changeLanguage('de');
    await loadNamespaces(['medias']);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("offers X with the post's text and Facebook with a page chosen from the connection's pages", async () => {
    api.users.socials.mockResolvedValue({
      items: [social(X_ID, 'twitter', 'Studio X'), social(FB_ID, 'facebook', 'Studio FB')],
      total: 2,
    });
    api.socials.subAccounts.mockResolvedValue({ items: [{ id: '1000001', name: 'Studio Page' }] });
    api.socialPosts.post.mockResolvedValue({ posts: [], jobs: [{}, {}] });
    show('en');
    fireEvent.click(await screen.findByLabelText('Studio X · X'));
    fireEvent.click(screen.getByLabelText('Studio FB · Facebook'));
    fireEvent.change(screen.getByLabelText('Text of the post'), { target: { value: 'New show' } });
    // No page chosen yet: nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Publish to 2' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Facebook page/ })).toBeTruthy());
    expect(api.socialPosts.post).not.toHaveBeenCalled();
    expect(api.socials.subAccounts).toHaveBeenCalledWith({ params: { id: FB_ID } }, expect.anything());
    const page = screen.getByRole('combobox', { name: /Facebook page/ });
    await waitFor(() => expect(page.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.mouseDown(page);
    fireEvent.click(await screen.findByRole('option', { name: 'Studio Page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish to 2' }));
    await waitFor(() => expect(api.socialPosts.post).toHaveBeenCalledTimes(1));
    expect(api.socialPosts.post.mock.calls[0]![0].body).toEqual({
      mediaId: MEDIA_ID,
      destinations: [
        { socialId: X_ID, visibility: 'private', description: 'New show' },
        { socialId: FB_ID, visibility: 'private', pageId: '1000001' },
      ],
    });
  });

  it("takes a typed page id when the connection's pages cannot be read", async () => {
    api.users.socials.mockResolvedValue({ items: [social(FB_ID, 'facebook', 'Studio FB')], total: 1 });
    api.socials.subAccounts.mockRejectedValue(new Error('network refused'));
    api.socialPosts.post.mockResolvedValue({ posts: [], jobs: [{}] });
    show('en');
    fireEvent.click(await screen.findByLabelText('Studio FB · Facebook'));
    const typed = await screen.findByRole('textbox', { name: /Facebook page id/ });
    expect(screen.getByText(/could not be read/)).toBeTruthy();
    fireEvent.change(typed, { target: { value: '1000002' } });
    fireEvent.click(screen.getByRole('button', { name: /^Publish/ }));
    await waitFor(() => expect(api.socialPosts.post).toHaveBeenCalledTimes(1));
    expect(api.socialPosts.post.mock.calls[0]![0].body.destinations).toEqual([
      { socialId: FB_ID, visibility: 'private', pageId: '1000002' },
    ]);
  });

  it('names the fields in German', async () => {
    api.users.socials.mockResolvedValue({
      items: [social(X_ID, 'twitter', 'Studio X'), social(FB_ID, 'facebook', 'Studio FB')],
      total: 2,
    });
    api.socials.subAccounts.mockResolvedValue({ items: [{ id: '1000001', name: 'Studio Page' }] });
    show('de');
    fireEvent.click(await screen.findByLabelText('Studio X · X'));
    fireEvent.click(screen.getByLabelText('Studio FB · Facebook'));
    expect(screen.getByLabelText('Text des Beitrags')).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: /Facebook-Seite/ })).toBeTruthy();
  });
});
