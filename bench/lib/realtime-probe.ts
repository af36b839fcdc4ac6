// What bench/glass-to-glass.ts needs to measure a realtime (WebRTC) viewer and nothing else: which path
// played (WebRTC or the LL-HLS fallback), when each step of the join happened, and what Chromium's
// receiver says about its jitter buffer. A fallback run must never count as a realtime figure.
import type { Page } from '@playwright/test';

/**
 * Runs in the page before its scripts (addInitScript; a string: a bundled function would carry the
 * bundler's helpers along). Every RTCPeerConnection the page makes is kept in window.__pcs, and the wall
 * clock of its first steps in window.__rtcSteps: created, offer set, ICE connected, connected, track.
 */
export const RTC_PROBE = `(() => {
  const Native = window.RTCPeerConnection;
  if (!Native) return;
  window.__pcs = [];
  window.__rtcSteps = {};
  const once = (k) => { if (window.__rtcSteps[k] === undefined) window.__rtcSteps[k] = Date.now(); };
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      window.__pcs.push(this);
      once('pcCreated');
      this.addEventListener('iceconnectionstatechange', () => {
        if (this.iceConnectionState === 'connected') once('iceConnected');
      });
      this.addEventListener('connectionstatechange', () => once('pc' + this.connectionState));
      this.addEventListener('track', () => once('track'));
    }
    async setLocalDescription(...args) {
      const r = await super.setLocalDescription(...args);
      once('offerSet');
      return r;
    }
  };
})()`;

export type Transport = { transport: string | null; mediaStream: boolean; pcState: string | null };

/**
 * Which path the <video> plays now: the player frame's data-transport, whether the video's srcObject is
 * a MediaStream (WebRTC; hls.js plays through a MediaSource `src`), and the page's peer's state.
 */
export const transportOf = (page: Page) =>
  page.evaluate(`(() => {
    const frame = document.querySelector('[data-testid="player-frame"]');
    const video = document.querySelector('video');
    return {
      transport: frame?.dataset.transport ?? null,
      mediaStream: video?.srcObject instanceof MediaStream,
      pcState: window.__pcs?.at(-1)?.connectionState ?? null,
    };
  })()`) as Promise<Transport>;

export const playedWebRtc = (t: Transport) => t.transport === 'webrtc' && t.mediaStream;

/** The session call and the WHEP POST as the page made them (wall ms), watched from Playwright. */
export function watchJoinRequests(page: Page) {
  const at: Record<string, number> = {};
  const mark = (k: string) => {
    at[k] ??= Date.now();
  };
  page.on('request', (r) => {
    if (r.method() !== 'POST') return;
    if (r.url().endsWith('/session')) mark('sessionSent');
    if (/\/whep\?/.test(r.url())) mark('offerSent');
  });
  page.on('response', (r) => {
    if (r.request().method() !== 'POST') return;
    if (r.url().endsWith('/session')) mark('sessionAnswered');
    if (/\/whep\?/.test(r.url())) mark(`answer${r.status()}`);
  });
  return at;
}

/**
 * The join's steps in ms after the page was opened, in order: the Playwright-side requests and the
 * page's own peer steps, then the first picture.
 */
export async function joinSteps(
  page: Page,
  openedAt: number,
  requests: Record<string, number>,
  first: number,
) {
  // The page's own timing of its session and WHEP requests (Resource Timing, on the wall clock): when
  // each left and when its answer's first byte came (Playwright's events come later, over its pipe).
  const inPage = (await page.evaluate(`(() => {
    const steps = { ...(window.__rtcSteps ?? {}) };
    for (const e of performance.getEntriesByType('resource')) {
      const name = /\\/session$/.test(e.name) ? 'session' : /\\/whep\\?/.test(e.name) ? 'whep' : null;
      if (!name || steps[name + 'Start'] !== undefined) continue;
      steps[name + 'Start'] = Math.round(performance.timeOrigin + e.startTime);
      steps[name + 'FirstByte'] = Math.round(performance.timeOrigin + e.responseStart);
    }
    return steps;
  })()`)) as Record<string, number>;
  const all = { ...requests, ...inPage, firstPicture: first };
  return Object.fromEntries(
    Object.entries(all)
      .sort(([, a], [, b]) => a - b)
      .map(([k, v]) => [k, v - openedAt]),
  );
}

/**
 * Chromium's video receiver (getStats inbound-rtp): the jitter buffer's mean delay and target, frames
 * decoded, dropped and frozen, keyframes, loss, NACK/PLI sent, and the round trip of the ICE pair.
 */
export const receiverStats = (page: Page) =>
  page.evaluate(`(async () => {
    const pc = window.__pcs?.at(-1);
    if (!pc) return null;
    const out = {};
    for (const s of (await pc.getStats()).values()) {
      if (s.type === 'inbound-rtp' && s.kind === 'video') {
        const emitted = s.jitterBufferEmittedCount || 1;
        out.jitterBufferMs = Math.round((s.jitterBufferDelay / emitted) * 1000);
        if (s.jitterBufferTargetDelay !== undefined)
          out.jitterTargetMs = Math.round((s.jitterBufferTargetDelay / emitted) * 1000);
        out.decodeMs = Math.round((s.totalDecodeTime / (s.framesDecoded || 1)) * 1000);
        for (const k of ['framesDecoded', 'keyFramesDecoded', 'framesDropped', 'freezeCount']) out[k] = s[k];
        for (const k of ['packetsLost', 'nackCount', 'pliCount', 'firCount']) out[k] = s[k];
        if (s.decoderImplementation) out.decoder = s.decoderImplementation;
      }
      if (s.type === 'candidate-pair' && s.nominated && s.currentRoundTripTime !== undefined)
        out.rttMs = Math.round(s.currentRoundTripTime * 1000);
    }
    return out;
  })()`) as Promise<Record<string, number | string> | null>;

/**
 * One realtime viewer, called at its first picture: the path then; `watched()` after watching gives the
 * path again, the join steps and the receiver. `webrtc` only when both checks saw WebRTC play.
 */
export async function realtimeRun(
  page: Page,
  openedAt: number,
  requests: Record<string, number>,
  first: number,
) {
  const atFirst = await transportOf(page);
  const steps = await joinSteps(page, openedAt, requests, first);
  return {
    watched: async () => {
      const after = await transportOf(page);
      return {
        webrtc: playedWebRtc(atFirst) && playedWebRtc(after),
        transport: { atFirstPicture: atFirst, afterWatching: after },
        steps,
        receiver: await receiverStats(page),
      };
    },
  };
}

export type RealtimeRun = Awaited<ReturnType<Awaited<ReturnType<typeof realtimeRun>>['watched']>>;

/**
 * Picture packets the server's RTP source got from the writer and the gaps in their sequence: loss
 * before the WHEP peers (which NACKs cannot mend), told apart from loss on the way to the browser.
 */
export function sourceLoss(source: {
  subscribe(sink: (kind: 'video' | 'audio', p: Buffer) => void): () => void;
}) {
  const count = { packets: 0, lost: 0 };
  let last: number | undefined;
  const stop = source.subscribe((kind, p) => {
    if (kind !== 'video') return;
    const seq = p.readUInt16BE(2);
    if (last !== undefined) {
      const step = (seq - last + 0x10000) % 0x10000;
      if (step > 1 && step < 3000) count.lost += step - 1;
    }
    last = seq;
    count.packets++;
  });
  return { count, stop };
}
