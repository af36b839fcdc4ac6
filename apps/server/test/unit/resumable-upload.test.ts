import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleStandIn } from '../../../../scripts/lib/google-stand-in.mjs';
import {
  type ResumableUpload,
  resumableUpload,
  UPLOAD_QUANTUM,
} from '../../src/modules/social-posts/resumable-upload';
import { startAuthServer } from '../helpers/social-stand-ins';

let auth: Awaited<ReturnType<typeof startAuthServer>>;
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
let token: string;
const data = randomBytes(5 * UPLOAD_QUANTUM + 1234);

beforeAll(async () => {
  auth = await startAuthServer([]);
  google = await startGoogleStandIn({ issuerUrl: auth.url });
  const res = await fetch(`${auth.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=unit',
  });
  token = ((await res.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await google?.stop();
  await auth?.stop();
});

function options(
  over: Partial<ResumableUpload> = {},
): ResumableUpload & { seen: number[]; sessions: string[] } {
  const seen: number[] = [];
  const sessions: string[] = [];
  return {
    apiUrl: google.url,
    startPath: '/upload/youtube/v3/videos',
    startQuery: { uploadType: 'resumable', part: 'snippet,status' },
    headers: {},
    token: async () => token,
    metadata: { snippet: { title: 'unit' }, status: { privacyStatus: 'private' } },
    size: data.length,
    mimeType: 'video/mp4',
    read: async (start, end) => data.subarray(start, end + 1),
    session: null,
    saveSession: async (s) => {
      if (s) sessions.push(s);
    },
    progress: (n) => seen.push(n),
    signal: new AbortController().signal,
    seen,
    sessions,
    ...over,
  };
}

describe('Google resumable upload client', () => {
  it('sends 256 KiB chunks, follows the 308 ranges and resumes after a cut connection', async () => {
    google.dropNextAfter(2 * UPLOAD_QUANTUM + 1000);
    const o = options({ chunkBytes: UPLOAD_QUANTUM });
    const answer = (await resumableUpload(o)) as { id: string };
    const upload = google.uploads.find((u) => u.resource?.id === answer.id)!;
    expect(google.bytesOf(upload).equals(data)).toBe(true);
    expect(google.stats.drops).toBe(1);
    // Confirmed offsets grow in 256 KiB steps; the cut chunk is sent again from the confirmed offset.
    expect(o.seen.filter((n) => n === 2 * UPLOAD_QUANTUM).length).toBeGreaterThanOrEqual(2);
    expect(o.seen.at(-1)).toBe(5 * UPLOAD_QUANTUM);
    expect(o.sessions).toHaveLength(1);
  });

  it('continues a session an earlier attempt saved instead of starting again', async () => {
    const first = options({ chunkBytes: UPLOAD_QUANTUM });
    const controller = new AbortController();
    first.signal = controller.signal;
    first.progress = (n) => {
      if (n >= 3 * UPLOAD_QUANTUM) controller.abort(new Error('server stopping'));
    };
    await expect(resumableUpload(first)).rejects.toThrow();
    const session = first.sessions[0]!;
    const before = google.uploads.length;
    const second = options({ session });
    await resumableUpload(second);
    expect(google.uploads.length).toBe(before); // no new session
    expect(second.seen[0]).toBeGreaterThanOrEqual(3 * UPLOAD_QUANTUM);
    expect(google.bytesOf(google.uploads.at(-1)!).equals(data)).toBe(true);
  });

  it('refuses a bearer token the authorization server did not sign', async () => {
    await expect(resumableUpload(options({ token: async () => 'forged' }))).rejects.toThrow(/401/);
  });
});
