/**
 * The web app's start, loaded by main.tsx as a chunk of its own (React, the translations and the app
 * the address asks for): the public player, the guest login or the product app.
 */
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, loadNamespaces } from './lib/i18n';
import { session } from './lib/session';
import { isPlayerPage } from './player-early';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The public player (/player/<id>, often inside an iframe on another site) is an app of its own: it
// loads neither the shell, the router nor the live connection. Each starts loading right away, in
// parallel with the translations.
// A guest opening /login gets the login form without the router and TanStack Query (guest-app.tsx),
// which hands over to the product app after login or on any other address.
const isGuestLogin = /^\/login\/?$/.test(window.location.pathname) && !session.isLoggedIn();
// The player's first round trips (the viewer session, hls.js, the program itself) started in main.tsx,
// before this chunk (issue 30 item 3). Its texts load beside its chunks: player-app asks for them only
// once its own chunks are in.
if (isPlayerPage) {
  void initI18n()
    .then(() => loadNamespaces(['player']))
    .catch(() => undefined);
}
const app: Promise<ComponentType> = isPlayerPage
  ? import('./features/player/components/player-app').then((m) => m.PlayerApp)
  : isGuestLogin
    ? Promise.all([import('./app/guest-app'), initI18n()]).then(async ([m]) => {
        await m.prepareGuest();
        return m.GuestApp;
      })
    : import('./app/app').then((m) => m.App);

void Promise.all([initI18n(), app]).then(([, App]) => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
