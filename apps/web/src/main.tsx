/**
 * The page's entry, kept small on purpose (issue 30 item 3): a public player's first round trips (the
 * viewer session, hls.js, the program itself: player-early.ts) leave as soon as this runs. With React,
 * the translations and the session in this chunk (284 kB), the session request left 0.3-0.5 s after the
 * chunk arrived on a busy 2-core machine: the time to parse and run it. Everything else is boot.tsx.
 *
 * A player page loads the app (its controls) once the early start's picture plays, has failed or is
 * not coming (real time, offline, refused), at most APP_WAIT_MS after this ran: React and MUI would
 * otherwise take the CPU that hls.js and the first frame need. The stage takes the playing <video> over.
 */
import { isPlayerPage, pictureFirst } from './player-early';

/** The longest a player page waits for the early picture before its controls load. */
const APP_WAIT_MS = 2000;

const boot = () => import('./boot');
if (isPlayerPage) void pictureFirst(APP_WAIT_MS).then(boot);
else void boot();
