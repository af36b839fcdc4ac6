import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformHttpError } from '../socials/platform-api';

/** Google accepts chunks in multiples of 256 KiB (the last one excepted). */
export const UPLOAD_QUANTUM = 256 * 1024;
const DEFAULT_CHUNK = 32 * UPLOAD_QUANTUM; // 8 MiB: one chunk in memory at a time
const MAX_FAILURES = 6;
const PUT_TIMEOUT_MS = 5 * 60_000;

export interface ResumableUpload {
  /** The configured API address: the only origin a session address may have. */
  apiUrl: string;
  startPath: string;
  startQuery: Record<string, string>;
  headers: Record<string, string>;
  token: () => Promise<string>;
  metadata: unknown;
  size: number;
  mimeType: string;
  /** Bytes start..end (inclusive) of the file. */
  read(start: number, end: number): Promise<Buffer>;
  /** A session saved by an earlier attempt: resumed if the network still has it. */
  session: string | null;
  saveSession(session: string | null): Promise<void>;
  /** Bytes the network has confirmed. */
  progress(confirmed: number): void;
  signal: AbortSignal;
  chunkBytes?: number;
}

/**
 * 308 is the protocol's "resume incomplete", not a redirect: session calls read it as an answer
 * (`redirect: 'manual'`), and no Location is ever followed.
 */
const NO_FOLLOW = 'manual' as const;

/** The session address is gone at the network (expired, or finished elsewhere without us). */
class SessionGone extends Error {}

/**
 * Google's resumable upload protocol (YouTube videos.insert, Drive files.create): start a session, PUT the
 * bytes with Content-Range, and after any failure ask `bytes *\/size` how much arrived and go on from
 * there. Returns the network's answer for the finished upload.
 */
export async function resumableUpload(o: ResumableUpload): Promise<unknown> {
  const chunk = o.chunkBytes ?? DEFAULT_CHUNK;
  let session = o.session;
  let offset = 0;
  let failures = 0;
  if (session) {
    const state = await offsetOf(o, session).catch((e) =>
      e instanceof SessionGone ? null : Promise.reject(e),
    );
    if (state?.done) return state.answer;
    if (state) offset = state.offset;
    else session = null;
  }
  if (!session) {
    session = await startSession(o);
    await o.saveSession(session);
  }
  o.progress(offset);
  let needQuery = false;
  for (;;) {
    o.signal.throwIfAborted();
    try {
      if (needQuery) {
        const state = await offsetOf(o, session);
        if (state.done) return state.answer;
        offset = state.offset;
        needQuery = false;
        o.progress(offset);
      }
      const end = Math.min(offset + chunk, o.size) - 1;
      const res = await fetch(session, {
        method: 'PUT',
        headers: { 'Content-Range': `bytes ${offset}-${end}/${o.size}`, 'Content-Type': o.mimeType },
        body: await o.read(offset, end),
        redirect: NO_FOLLOW,
        signal: AbortSignal.any([o.signal, AbortSignal.timeout(PUT_TIMEOUT_MS)]),
      });
      if (res.status === 200 || res.status === 201) return await res.json();
      const text = await res.text();
      if (res.status === 308) {
        offset = confirmedOf(res);
        failures = 0;
        o.progress(offset);
        continue;
      }
      if (res.status === 404 || res.status === 410) throw new SessionGone();
      if (res.status < 500 && res.status !== 429) throw new PlatformHttpError(res.status, text.slice(0, 500));
      throw new Error(`the network answered ${res.status}`);
    } catch (e) {
      // A refusal is final; a cut connection, a time-out or a 5xx is retried after asking what arrived.
      if (o.signal.aborted || e instanceof PlatformHttpError) throw e;
      if (++failures > MAX_FAILURES) throw e;
      await sleep(Math.min(30_000, 1000 * 2 ** (failures - 1)), undefined, { signal: o.signal });
      if (e instanceof SessionGone) {
        session = await startSession(o);
        await o.saveSession(session);
        offset = 0;
        needQuery = false;
      } else needQuery = true;
    }
  }
}

async function startSession(o: ResumableUpload): Promise<string> {
  const url = new URL(`${o.apiUrl}${o.startPath}`);
  for (const [k, v] of Object.entries(o.startQuery)) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      ...o.headers,
      Authorization: `Bearer ${await o.token()}`,
      'Content-Type': 'application/json; charset=UTF-8',
      'X-Upload-Content-Length': String(o.size),
      'X-Upload-Content-Type': o.mimeType,
    },
    body: JSON.stringify(o.metadata),
    redirect: 'error',
    signal: AbortSignal.any([o.signal, AbortSignal.timeout(30_000)]),
  });
  const text = await res.text();
  if (!res.ok) throw new PlatformHttpError(res.status, text.slice(0, 500));
  const location = res.headers.get('location');
  if (!location) throw new Error('The network started no upload session');
  const session = new URL(location, url);
  // Only the configured API address is ever contacted: a session elsewhere is refused.
  if (session.origin !== new URL(o.apiUrl).origin)
    throw new Error(`The network's upload session is on another address (${session.origin})`);
  return session.href;
}

/** Asks the session how many bytes it has (`Content-Range: bytes *\/size`), or its finished answer. */
async function offsetOf(
  o: ResumableUpload,
  session: string,
): Promise<{ done: true; answer: unknown } | { done: false; offset: number }> {
  const res = await fetch(session, {
    method: 'PUT',
    headers: { 'Content-Range': `bytes */${o.size}` },
    redirect: NO_FOLLOW,
    signal: AbortSignal.any([o.signal, AbortSignal.timeout(30_000)]),
  });
  if (res.status === 200 || res.status === 201) return { done: true, answer: await res.json() };
  const text = await res.text();
  if (res.status === 308) return { done: false, offset: confirmedOf(res) };
  if (res.status === 404 || res.status === 410) throw new SessionGone();
  throw new Error(`the network answered ${res.status} to the offset query: ${text.slice(0, 200)}`);
}

/** `Range: bytes=0-n` means n + 1 bytes arrived; no Range header means none. */
function confirmedOf(res: Response): number {
  const m = /^bytes=0-(\d+)$/.exec(res.headers.get('range') ?? '');
  return m ? Number(m[1]) + 1 : 0;
}
