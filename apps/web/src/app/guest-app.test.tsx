import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { SESSION_STORAGE_KEY, session } from '../lib/session';
import { GuestApp, prepareGuest } from './guest-app';

/**
 * Issue 33 item 12: a guest opening /login gets the form without the router and TanStack Query; signing
 * in or following a link hands over to the product app at the right address, without a reload.
 */
const api = vi.hoisted(() => ({ users: { login: vi.fn() } }));
vi.mock('../lib/api-client', () => ({ api }));
// The product app, as the hand-over renders it: it shows the address its router would start at.
vi.mock('./app', () => ({
  App: () => <p data-testid="product-app">{window.location.pathname + window.location.search}</p>,
}));

describe('GuestApp', () => {
  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(() => {
    window.history.replaceState(null, '', '/login');
  });
  afterEach(async () => {
    cleanup();
    vi.clearAllMocks();
    session.clear();
    localStorage.clear();
    await i18n.changeLanguage('en');
  });

  it('signs in and hands over to the product app where a reloaded deep link pointed', async () => {
    // React Router keeps a location's state under `usr` in the history entry.
    window.history.replaceState({ usr: { from: '/c1/w1/media?origin=upload' } }, '', '/login');
    api.users.login.mockResolvedValue({ token: 'token-1' });
    render(<GuestApp />);
    fireEvent.change(screen.getByLabelText(/Email address/), { target: { value: 'owner@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('product-app', {}, { timeout: 5000 })).textContent).toBe(
      '/c1/w1/media?origin=upload',
    );
    expect(api.users.login).toHaveBeenCalledWith({
      body: { email: 'owner@example.com', password: 'secret-password' },
    });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('token-1');
  });

  it('shows a refused login in the form and stays', async () => {
    const { ApiError } = await import('@stromwerk/client/api-error');
    api.users.login.mockRejectedValue(
      new ApiError(401, { code: 'INVALID_CREDENTIALS', message: 'Wrong email address or password' }),
    );
    render(<GuestApp />);
    fireEvent.change(screen.getByLabelText(/Email address/), { target: { value: 'nobody@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email address or password is not correct.');
    expect(screen.queryByTestId('product-app')).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('opens the product app at a link’s address, and in the language stored in this browser', async () => {
    localStorage.setItem('user-lang', 'de');
    await prepareGuest();
    render(<GuestApp />);
    const forgot = screen.getByRole('link', { name: 'Passwort vergessen?' });
    fireEvent.click(forgot);
    expect((await screen.findByTestId('product-app')).textContent).toBe('/login/forgot-password');
  });

  it('hands over when a login in another tab starts the session', async () => {
    render(<GuestApp />);
    session.start('token-from-another-tab');
    await waitFor(() => expect(screen.getByTestId('product-app').textContent).toBe('/'));
  });
});
