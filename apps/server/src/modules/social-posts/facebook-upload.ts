import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { pick, str } from '../socials/networks/network';
import type { ApiCall } from '../socials/networks/upload-spec';
import { PlatformHttpError } from '../socials/platform-api';

const MAX_FAILURES = 6;
const SEND_TIMEOUT_MS = 10 * 60_000;
const MAX_PAGES_PAGES = 20;

export interface FacebookUpload {
  apiUrl: string;
  /** The install's Facebook app (its client id): where upload sessions are opened. */
  appId: string;
  pageId: string;
  /** JSON calls with the user's token, and with a given (the page's) token. */
  userCall: ApiCall;
  callAs(token: string): ApiCall;
  userToken: () => Promise<string>;
  fileName: string;
  size: number;
  mimeType: string;
  title: string;
  description: string;
  published: boolean;
  /** The file from byte `start` to its end. */
  open(start: number): Readable;
  progress(confirmed: number): void;
  signal: AbortSignal;
}

/** The chosen page is not among the pages the connection's user manages. */
export class UnknownPage extends Error {
  constructor(pageId: string) {
    super(
      `pageId: the Facebook connection manages no page ${pageId} (or lacks pages_show_list): pick one of its pages`,
    );
  }
}

/** The page's own token from `GET /me/accounts` (followed through its pages of results); never stored. */
export async function pageTokenOf(userCall: ApiCall, pageId: string): Promise<string> {
  let after: string | null = null;
  for (let i = 0; i < MAX_PAGES_PAGES; i++) {
    const query: Record<string, string> = { fields: 'id,name,access_token', limit: '100' };
    if (after) query.after = after;
    const answer = await userCall('GET', '/me/accounts', { query });
    const pages = pick(answer, 'data');
    for (const page of Array.isArray(pages) ? pages : []) {
      if (str(pick(page, 'id')) !== pageId) continue;
      const token = str(pick(page, 'access_token'));
      if (!token) throw new UnknownPage(pageId);
      return token;
    }
    after = str(pick(answer, 'paging', 'next')) ? str(pick(answer, 'paging', 'cursors', 'after')) : null;
    if (!after) break;
  }
  throw new UnknownPage(pageId);
}

/**
 * Posts a video to a Facebook page: the page's token first (an unknown page fails before any byte is
 * sent), an upload session on the app, the bytes from `file_offset` (after a cut, `GET upload:<id>` says
 * where to go on), then the page's video with the handle. Answers the video id.
 */
export async function facebookUpload(o: FacebookUpload): Promise<string> {
  const pageToken = await pageTokenOf(o.userCall, o.pageId);
  const started = await o.userCall('POST', `/${encodeURIComponent(o.appId)}/uploads`, {
    query: { file_name: o.fileName, file_length: String(o.size), file_type: o.mimeType },
  });
  const session = str(pick(started, 'id'));
  if (!session?.startsWith('upload:')) throw new Error('Facebook started no upload session');
  const sessionUrl = `${o.apiUrl}/${session}`;
  let offset = 0;
  let handle: string | null = null;
  for (let failures = 0; !handle; ) {
    o.signal.throwIfAborted();
    try {
      o.progress(offset);
      handle = await send(o, sessionUrl, offset);
    } catch (e) {
      if (o.signal.aborted || e instanceof PlatformHttpError) throw e;
      if (++failures > MAX_FAILURES) throw e;
      await sleep(Math.min(30_000, 500 * 2 ** (failures - 1)), undefined, { signal: o.signal });
      offset = await offsetOf(o, session);
    }
  }
  o.progress(o.size);
  const video = await o.callAs(pageToken)('POST', `/${encodeURIComponent(o.pageId)}/videos`, {
    json: {
      fbuploader_video_file_chunk: handle,
      title: o.title,
      description: o.description,
      published: o.published,
    },
  });
  const id = str(pick(video, 'id'));
  if (!id) throw new Error('Facebook answered the video without an id');
  return id;
}

/** `GET /upload:<id>`: how many bytes Facebook has. */
async function offsetOf(o: FacebookUpload, session: string): Promise<number> {
  const answer = await o.userCall('GET', `/${session}`);
  const offset = Number(pick(answer, 'file_offset'));
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > o.size)
    throw new Error('Facebook answered no usable file_offset');
  return offset;
}

/** `POST /upload:<id>` with the bytes from `offset` to the end, streamed; answers the file handle. */
async function send(o: FacebookUpload, sessionUrl: string, offset: number): Promise<string> {
  const url = new URL(sessionUrl);
  const token = await o.userToken();
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        // The Resumable Upload API takes the user's token as `OAuth`, not `Bearer`.
        Authorization: `OAuth ${token}`,
        file_offset: String(offset),
        'Content-Length': String(o.size - offset),
        'Content-Type': 'application/octet-stream',
      },
      signal: AbortSignal.any([o.signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString() }));
    });
    const body = o.open(offset);
    body.on('error', (e) => req.destroy(e));
    body.pipe(req);
  });
  if (status >= 500 || status === 429) throw new Error(`Facebook answered ${status}`);
  if (status < 200 || status >= 300) throw new PlatformHttpError(status, text.slice(0, 500));
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new Error('Facebook answered the upload with no JSON');
  }
  const h = str(pick(answer, 'h'));
  if (!h) throw new Error('Facebook answered the upload without a file handle');
  return h;
}
