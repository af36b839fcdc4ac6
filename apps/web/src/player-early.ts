/**
 * The public player's early start (features/player/api/early-start.ts), run by the page's small entry
 * (main.tsx) before React and the app's chunks are even requested.
 */
import { startEarly } from './features/player/api/early-start';

export { pictureFirst } from './features/player/api/early-start';

/** The public player (/player/<id>, often inside an iframe on another site) is an app of its own. */
export const isPlayerPage = /^\/player\/[^/]+\/?$/.test(window.location.pathname);

if (isPlayerPage) startEarly(decodeURIComponent(window.location.pathname.split('/')[2] ?? ''));
