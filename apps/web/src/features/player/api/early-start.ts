/**
 * Joining fast (issue 30 item 3): the public player's first round trips start as soon as the page's
 * entry runs (main.tsx), before the translations, React and the API client load: the viewer session
 * (the first one asks with no password, as the page would) and hls.js, so the first playlist request
 * follows the session's answer directly; a real-time player's WHEP offer (early-whep.ts) leaves right
 * after the session's answer, and an HLS player's program starts playing (hooks/early-playback.ts).
 * This module imports nothing but hls.js's loader, early-whep.ts and early-playback.ts (which import
 * nothing heavy): every import here is a chunk the session would wait for (the API client's shared
 * chunk alone took 0.2 s).
 */
import type { PlaySession } from '@stromwerk/contracts/outputs';
import { earlyPictureShown, startEarlyPlayback } from '../hooks/early-playback';
import { preloadHls } from '../hooks/hls-loader';
import { playsWebRtc, startEarlyWhep, whepUrl } from './early-whep';

let early: { outputId: string; session: Promise<PlaySession | null> } | null = null;

export function startEarly(outputId: string) {
  if (!outputId) return;
  preloadHls();
  early = {
    outputId,
    session: requestSession(outputId)
      .then((s) => {
        // Real time: the WHEP offer leaves now, not once the player's app has loaded.
        const webrtc = !!s && playsWebRtc(s);
        if (s && webrtc) startEarlyWhep(whepUrl(outputId, s.token));
        // HLS: the program plays before React has rendered (hooks/early-playback.ts).
        if (s) startEarlyPlayback(s, webrtc);
        return s;
      })
      .catch(() => null),
  };
}

/**
 * Settles once the early start's picture plays, or when none is coming (no early start, the session
 * refused or failed, offline, real time, hls.js failed), and at the latest after `capMs`: the page's
 * entry loads the player's app then (main.tsx).
 */
export function pictureFirst(capMs: number): Promise<void> {
  const pending = early;
  if (!pending) return Promise.resolve();
  return Promise.race([
    pending.session.then(() => earlyPictureShown()),
    new Promise<void>((resolve) => setTimeout(resolve, capMs)),
  ]);
}

/** POST /v1/play/{id}/session as the page's client sends it; null for any refusal (see below). */
async function requestSession(outputId: string): Promise<PlaySession | null> {
  const origin = embeddingOrigin();
  const response = await fetch(`/v1/play/${encodeURIComponent(outputId)}/session`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify(origin ? { embedOrigin: origin } : {}),
  });
  return response.ok ? ((await response.json()) as PlaySession) : null;
}

/**
 * The session started early, once, for the page's first start without a password. It resolves to null
 * when the early request was refused or failed: the page then asks through its client, which shows the
 * refusal (password, full, not allowed) as it would its own.
 */
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
