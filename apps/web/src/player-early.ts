/**
 * The public player's early start (features/player/api/early-start.ts), imported by main.tsx before
 * anything else: ES modules run in import order, so the viewer session and hls.js are asked for before
 * React and the rest of the entry chunk have run (about 0.2 s on a busy 2-core machine).
 */
import { startEarly } from './features/player/api/early-start';

/** The public player (/player/<id>, often inside an iframe on another site) is an app of its own. */
export const isPlayerPage = /^\/player\/[^/]+\/?$/.test(window.location.pathname);

if (isPlayerPage) startEarly(decodeURIComponent(window.location.pathname.split('/')[2] ?? ''));
