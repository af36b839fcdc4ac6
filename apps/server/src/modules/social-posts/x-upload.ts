import { setTimeout as sleep } from 'node:timers/promises';
import { pick, str } from '../socials/networks/network';
import { PlatformHttpError } from '../socials/platform-api';

/** X takes APPEND segments of at most 5 MB; 4 MiB keeps one segment in memory at a time. */
export const X_SEGMENT_BYTES = 4 * 1024 * 1024;
const MAX_SEGMENT_FAILURES = 6;
const MAX_STATUS_POLLS = 360;
const CALL_TIMEOUT_MS = 5 * 60_000;

export interface XUpload {
  apiUrl: string;
  mediaPath: string;
  postPath: string;
  headers: Record<string, string>;
  token: () => Promise<string>;
  size: number;
  mimeType: string;
  text: string;
  /** Bytes start..end (inclusive) of the file. */
  read(start: number, end: number): Promise<Buffer>;
  /** Bytes X has taken. */
  progress(confirmed: number): void;
  signal: AbortSignal;
  segmentBytes?: number;
  /** Waits between STATUS polls (the tests' stand-in answers check_after_secs: 0). */
  wait?: (seconds: number, signal: AbortSignal) => Promise<void>;
}

/** A cut connection or a 5xx during one call: worth sending the same call again. */
class Transient extends Error {}

/** The media id of an INIT answer (v2 `data.id`, or v1.1's `media_id_string`). */
export function mediaIdOf(answer: unknown): string {
  const id = str(pick(answer, 'data', 'id')) ?? str(pick(answer, 'media_id_string'));
  if (!id) throw new Error('X answered INIT without a media id');
  return id;
}

/** What FINALIZE or STATUS says about processing: done, failed (with X's reason) or wait this long. */
export function processingOf(
  answer: unknown,
): { state: 'done' } | { state: 'failed'; reason: string } | { state: 'wait'; seconds: number } {
  const info = pick(answer, 'data', 'processing_info') ?? pick(answer, 'processing_info');
  const state = str(pick(info, 'state'));
  if (!state || state === 'succeeded') return { state: 'done' };
  if (state === 'failed') {
    const reason =
      str(pick(info, 'error', 'message')) ?? str(pick(info, 'error', 'name')) ?? 'no reason given';
    return { state: 'failed', reason };
  }
  const after = pick(info, 'check_after_secs');
  const seconds = typeof after === 'number' && Number.isFinite(after) ? Math.min(Math.max(after, 0), 60) : 5;
  return { state: 'wait', seconds };
}

/** The segments of a file: index, first and last byte (inclusive). */
export function segmentsOf(
  size: number,
  segmentBytes: number,
): { index: number; start: number; end: number }[] {
  const out = [];
  for (let index = 0, start = 0; start < size; index++, start += segmentBytes)
    out.push({ index, start, end: Math.min(start + segmentBytes, size) - 1 });
  return out;
}

/**
 * Posts a video to X: INIT, APPEND each segment (a cut connection re-sends that segment: X keeps one per
 * segment_index), FINALIZE, STATUS until processed, then the post with the media. Answers the post's id.
 */
export async function xUpload(o: XUpload): Promise<string> {
  const segmentBytes = o.segmentBytes ?? X_SEGMENT_BYTES;
  const init = await once(() =>
    form(o, {
      command: 'INIT',
      media_type: o.mimeType,
      total_bytes: String(o.size),
      media_category: 'amplify_video',
    }),
  );
  const mediaId = mediaIdOf(init);
  o.progress(0);
  for (const segment of segmentsOf(o.size, segmentBytes)) {
    const bytes = await o.read(segment.start, segment.end);
    await retried(o, () =>
      form(o, { command: 'APPEND', media_id: mediaId, segment_index: String(segment.index) }, bytes),
    );
    o.progress(segment.end + 1);
  }
  let state = processingOf(await retried(o, () => form(o, { command: 'FINALIZE', media_id: mediaId })));
  for (let polls = 0; state.state === 'wait'; polls++) {
    if (polls >= MAX_STATUS_POLLS) throw new Error('X did not finish processing the video');
    await (o.wait ?? defaultWait)(state.seconds, o.signal);
    state = processingOf(await retried(o, () => status(o, mediaId)));
  }
  if (state.state === 'failed') throw new Error(`X could not process the video: ${state.reason}`);
  const post = await once(() =>
    call(o, o.postPath, { method: 'POST', json: { text: o.text, media: { media_ids: [mediaId] } } }),
  );
  const id = str(pick(post, 'data', 'id'));
  if (!id) throw new Error('X answered the post without an id');
  return id;
}

const defaultWait = (seconds: number, signal: AbortSignal) => sleep(seconds * 1000, undefined, { signal });

/** A call that is not repeated on its own (a second INIT or post would make a second one). */
async function once(fn: () => Promise<unknown>) {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof Transient) throw new Error(`X could not be reached: ${e.message}`);
    throw e;
  }
}

/** A call repeated after a cut connection or a 5xx (APPEND of the same segment, FINALIZE, STATUS). */
async function retried(o: XUpload, fn: () => Promise<unknown>) {
  for (let failures = 0; ; ) {
    o.signal.throwIfAborted();
    try {
      return await fn();
    } catch (e) {
      if (o.signal.aborted || !(e instanceof Transient)) throw e;
      if (++failures > MAX_SEGMENT_FAILURES) throw new Error(`X could not be reached: ${e.message}`);
      await sleep(Math.min(30_000, 500 * 2 ** (failures - 1)), undefined, { signal: o.signal });
    }
  }
}

function form(o: XUpload, fields: Record<string, string>, media?: Buffer) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (media) body.set('media', new Blob([media], { type: 'application/octet-stream' }), 'blob');
  return call(o, o.mediaPath, { method: 'POST', body });
}

function status(o: XUpload, mediaId: string) {
  return call(o, o.mediaPath, { method: 'GET', query: { command: 'STATUS', media_id: mediaId } });
}

async function call(
  o: XUpload,
  path: string,
  r: { method: 'GET' | 'POST'; query?: Record<string, string>; body?: FormData; json?: unknown },
): Promise<unknown> {
  const url = new URL(`${o.apiUrl}${path}`);
  for (const [k, v] of Object.entries(r.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {
    ...o.headers,
    Authorization: `Bearer ${await o.token()}`,
    Accept: 'application/json',
  };
  if (r.json !== undefined) headers['Content-Type'] = 'application/json; charset=UTF-8';
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: r.method,
      headers,
      body: r.json !== undefined ? JSON.stringify(r.json) : r.body,
      redirect: 'error',
      signal: AbortSignal.any([o.signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]),
    });
    text = await res.text();
  } catch (e) {
    if (o.signal.aborted) throw e;
    throw new Transient((e as Error).message);
  }
  if (res.status >= 500 || res.status === 429) throw new Transient(`X answered ${res.status}`);
  if (!res.ok) throw new PlatformHttpError(res.status, text.slice(0, 500));
  try {
    return text ? (JSON.parse(text) as unknown) : {};
  } catch {
    throw new PlatformHttpError(res.status, 'not JSON');
  }
}
