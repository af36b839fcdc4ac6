/**
 * The pieces of a WHIP publish (RFC 9725) that need no peer connection of their own: which codecs the
 * offer puts first, how long gathering may take, where the browser posts, and what a refusal says.
 */
import { type ApiError, errorFromResponse, type GenericError } from '@stromwerk/client/api-error';

/** Gathering waits at most this long; the offer then carries the candidates found so far (no trickle). */
export const GATHER_CAP_MS = 2000;
/** No `connected` this long after the answer: UDP does not get through to the server's candidates. */
export const CONNECT_DEADLINE_MS = 10_000;

/** A failure on the browser's side, worded by the studio (`studio.error.<reason>`). */
export class PublishError extends Error {
  constructor(
    readonly reason: 'noH264' | 'network' | 'connect' | 'browser',
    message: string = reason,
  ) {
    super(message);
  }
}

const isH264 = (c: RTCRtpCodec) => c.mimeType.toLowerCase() === 'video/h264';
const fmtp = (c: RTCRtpCodec, part: string) => (c.sdpFmtpLine ?? '').toLowerCase().includes(part);

/** Lower is offered first: packetization-mode 1 (the server copies it as it is), constrained baseline best. */
function videoRank(c: RTCRtpCodec): number {
  if (!isH264(c)) return 4;
  if (!fmtp(c, 'packetization-mode=1')) return 3;
  if (fmtp(c, 'profile-level-id=42e01f')) return 0;
  return fmtp(c, 'profile-level-id=42') ? 1 : 2;
}

/**
 * The browser's send codecs reordered for `setCodecPreferences`: H.264 packetization-mode 1 first
 * (constrained baseline 42e01f before the other profiles), the rest after in the browser's order.
 * Null when the browser sends no H.264 at all: the server, which copies the video, could not take it.
 */
export function preferH264(codecs: readonly RTCRtpCodec[]): RTCRtpCodec[] | null {
  if (!codecs.some((c) => isH264(c) && fmtp(c, 'packetization-mode=1'))) return null;
  return codecs
    .map((codec, index) => ({ codec, index, rank: videoRank(codec) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((c) => c.codec);
}

/** Opus first, the rest after; the browser's own order otherwise. */
export function preferOpus(codecs: readonly RTCRtpCodec[]): RTCRtpCodec[] {
  const opus = (c: RTCRtpCodec) => c.mimeType.toLowerCase() === 'audio/opus';
  return [...codecs.filter(opus), ...codecs.filter((c) => !opus(c))];
}

/** Resolves once every candidate is gathered, or after `capMs` with what there is. */
export function iceGathered(pc: RTCPeerConnection, capMs = GATHER_CAP_MS): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(cap);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const cap = setTimeout(done, capMs);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/**
 * Where the studio posts its offer. The source's `ingestUrl` is the absolute address encoders use; the
 * page posts to it when it is on the page's own origin, and otherwise to the same path on the page's
 * origin (where the web app reaches the API, through the dev server's proxy too), so no CORS is needed.
 */
export function whipEndpoint(ingestUrl: string | null, pageOrigin: string): string {
  if (!ingestUrl) return new URL('/v1/whip', pageOrigin).href;
  const url = new URL(ingestUrl, pageOrigin);
  return url.origin === pageOrigin ? url.href : new URL(url.pathname + url.search, pageOrigin).href;
}

/** The resource the answer's `Location` names, absolute (it is usually a path: `/v1/whip/<id>`). */
export const resourceUrl = (location: string, endpoint: string) => new URL(location, endpoint).href;

/**
 * A refused offer as the app's error types, so `ErrorAlert`'s wording applies: the WHIP route answers
 * `{ error: { code, message } }`; the flat `{ code, message }` of the rest of the API is read too.
 */
export function whipRefusal(status: number, text: string): ApiError | GenericError {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (body && typeof body.error === 'object' && body.error !== null)
      return errorFromResponse(status, JSON.stringify(body.error));
  } catch {
    // not JSON: errorFromResponse says "status …"
  }
  return errorFromResponse(status, text);
}
