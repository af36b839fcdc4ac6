import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXStandIn } from '../../../../scripts/lib/x-stand-in.mjs';
import { pageTokenOf, UnknownPage } from '../../src/modules/social-posts/facebook-upload';
import {
  mediaIdOf,
  processingOf,
  segmentsOf,
  X_SEGMENT_BYTES,
  xUpload,
} from '../../src/modules/social-posts/x-upload';
import { twitter } from '../../src/modules/socials/networks/twitter';
import type { ApiCall, PostFields } from '../../src/modules/socials/networks/upload-spec';
import { startAuthServer } from '../helpers/social-stand-ins';

let auth: Awaited<ReturnType<typeof startAuthServer>>;
let x: Awaited<ReturnType<typeof startXStandIn>>;
let token: string;
const SEGMENT = 64 * 1024;
const data = randomBytes(4 * SEGMENT + 777);

beforeAll(async () => {
  auth = await startAuthServer([]);
  x = await startXStandIn({ issuerUrl: auth.url });
  const res = await fetch(`${auth.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=unit',
  });
  token = ((await res.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await x?.stop();
  await auth?.stop();
});

describe('X chunked media upload', () => {
  it('cuts a file into segments of at most the given size, indexed from 0', () => {
    expect(X_SEGMENT_BYTES).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(segmentsOf(10, 4)).toEqual([
      { index: 0, start: 0, end: 3 },
      { index: 1, start: 4, end: 7 },
      { index: 2, start: 8, end: 9 },
    ]);
    expect(segmentsOf(8, 4)).toHaveLength(2);
  });

  it("reads INIT's media id and the processing state of FINALIZE and STATUS", () => {
    expect(mediaIdOf({ data: { id: '17' } })).toBe('17');
    expect(mediaIdOf({ media_id_string: '18' })).toBe('18');
    expect(() => mediaIdOf({})).toThrow(/media id/);
    expect(processingOf({ data: { id: '1' } })).toEqual({ state: 'done' });
    expect(processingOf({ data: { processing_info: { state: 'pending', check_after_secs: 3 } } })).toEqual({
      state: 'wait',
      seconds: 3,
    });
    expect(processingOf({ processing_info: { state: 'in_progress', check_after_secs: 9999 } })).toEqual({
      state: 'wait',
      seconds: 60,
    });
    expect(
      processingOf({ data: { processing_info: { state: 'failed', error: { message: 'too long' } } } }),
    ).toEqual({ state: 'failed', reason: 'too long' });
  });

  it("posts the description as the post's text, else the title, at most 280 characters", () => {
    const spec = twitter.upload!;
    if (spec.protocol !== 'x-chunked') throw new Error('X posts through the chunked upload');
    const fields = { title: 'Title', description: '' } as PostFields;
    expect(spec.text(fields)).toBe('Title');
    expect(spec.text({ ...fields, description: 'Body' })).toBe('Body');
    expect([...spec.text({ ...fields, description: '🎬'.repeat(300) })]).toHaveLength(280);
  });

  it('sends every segment, re-sends the one whose connection was cut, waits for processing', async () => {
    x.dropNextAfter(1.5 * SEGMENT); // inside segment 1
    const seen: number[] = [];
    const waits: number[] = [];
    const id = await xUpload({
      apiUrl: x.url,
      mediaPath: '/2/media/upload',
      postPath: '/2/tweets',
      headers: {},
      token: async () => token,
      size: data.length,
      mimeType: 'video/mp4',
      text: 'unit',
      read: async (start, end) => data.subarray(start, end + 1),
      progress: (n) => seen.push(n),
      signal: new AbortController().signal,
      segmentBytes: SEGMENT,
      wait: async (seconds) => {
        waits.push(seconds);
      },
    });
    expect(x.stats.drops).toBe(1);
    expect(x.stats.appends).toBe(5);
    const media = x.media.at(-1)!;
    expect([...media.segments.keys()].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(x.bytesOf(media).equals(data)).toBe(true);
    expect(waits).toEqual([1, 1]);
    expect(x.posts.at(-1)).toMatchObject({ id, text: 'unit', mediaIds: [media.id] });
    expect(seen.at(-1)).toBe(data.length);
  });
});

describe('Facebook page token from /me/accounts', () => {
  const pages = (data: unknown[], after?: string) => ({
    data,
    paging: after ? { cursors: { after }, next: `https://graph/next?after=${after}` } : { cursors: {} },
  });

  it('finds the page on a later page of results and answers its own token', async () => {
    const asked: (string | undefined)[] = [];
    const call: ApiCall = async (_method, _path, options) => {
      asked.push(options?.query?.after);
      return options?.query?.after === 'c1'
        ? pages([{ id: '2', access_token: 'page-two' }])
        : pages([{ id: '1', access_token: 'page-one' }], 'c1');
    };
    expect(await pageTokenOf(call, '2')).toBe('page-two');
    expect(asked).toEqual([undefined, 'c1']);
  });

  it('names pageId when the user manages no such page or gets no token for it', async () => {
    const call: ApiCall = async () => pages([{ id: '1' }]);
    await expect(pageTokenOf(call, '1')).rejects.toBeInstanceOf(UnknownPage);
    await expect(pageTokenOf(call, '9')).rejects.toThrow(/^pageId: .* 9 /);
  });
});
