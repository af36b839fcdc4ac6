/**
 * Joining fast (issue 30 item 3): the public player's first round trips start as soon as its code is
 * loaded, before the translations and React: the viewer session (the first one asks with no password,
 * as the page would) and hls.js, so the first playlist request follows the session's answer directly.
 */
import type { PlaySession } from '@stromwerk/contracts/outputs';
import { preloadHls } from '../hooks/use-hls';
import { playApi } from './play-client';

let early: { outputId: string; session: Promise<PlaySession> } | null = null;

export function startEarly(outputId: string) {
  if (!outputId) return;
  preloadHls();
  const session = playApi.session({ params: { id: outputId }, body: { embedOrigin: embeddingOrigin() } });
  // Taken by the page's first start, which shows a refusal (password, full, not allowed) as it would its own.
  session.catch(() => undefined);
  early = { outputId, session };
}

/** The session started early, once, for the page's first start without a password. */
export function takeEarlySession(outputId: string, password: string | undefined) {
  if (!early || early.outputId !== outputId || password !== undefined) return null;
  const { session } = early;
  early = null;
  return session;
}

/**
 * The site that frames the player, or our own origin when the player page is opened directly: the
 * server checks it against the whitelist and binds the viewer token to it. Framed without a known
 * ancestor (no ancestorOrigins, no referrer), nothing is sent and a whitelisted player refuses.
 */
export function embeddingOrigin(): string | undefined {
  if (window.self === window.top) return window.location.origin;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}
