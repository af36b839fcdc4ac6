import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The public player (/player/<id>, often inside an iframe on another site) is an app of its own: it
// loads neither the shell, the router nor the live connection. Both start loading right away, in
// parallel with the translations.
const isPlayer = /^\/player\/[^/]+\/?$/.test(window.location.pathname);
const app: Promise<ComponentType> = isPlayer
  ? import('./features/player/components/player-app').then((m) => m.PlayerApp)
  : import('./app/app').then((m) => m.App);

void Promise.all([initI18n(), app]).then(([, App]) => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
