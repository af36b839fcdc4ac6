import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Job } from '@stromwerk/contracts/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFacebookStandIn } from '../../../../scripts/lib/facebook-stand-in.mjs';
import { startXStandIn } from '../../../../scripts/lib/x-stand-in.mjs';
import { expectError } from '../helpers/expect-error';
import { jobEnded, mediaReady, uploadFile } from '../helpers/library';
import { makeMediaFile } from '../helpers/media';
import { op } from '../helpers/route-call';
import { connectSocial } from '../helpers/social-connect';
import { startAuthServer } from '../helpers/social-stand-ins';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

const SCOPES = [
  'public_profile',
  'publish_video',
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_posts',
  'tweet.read',
  'tweet.write',
  'users.read',
  'media.write',
  'offline.access',
];
const APP_ID = 'stromwerk-test';
const PAGE_ID = '1000001';
let ctx: TestContext;
let auth: Awaited<ReturnType<typeof startAuthServer>>;
let x: Awaited<ReturnType<typeof startXStandIn>>;
let fb: Awaited<ReturnType<typeof startFacebookStandIn>>;
let mediaId: string;
let mediaBytes: Buffer;
let xId: string;
let facebookId: string;

const oauthEnv = (prefix: string, apiUrl: string) => ({
  [`${prefix}_CLIENT_ID`]: APP_ID,
  [`${prefix}_CLIENT_SECRET`]: 'client-secret-xyz',
  [`${prefix}_AUTHORIZE_URL`]: `${auth.url}/authorize`,
  [`${prefix}_TOKEN_URL`]: `${auth.url}/token`,
  [`${prefix}_REVOKE_URL`]: `${auth.url}/revoke`,
  [`${prefix}_API_URL`]: apiUrl,
});

beforeAll(async () => {
  auth = await startAuthServer(SCOPES);
  x = await startXStandIn({ issuerUrl: auth.url });
  fb = await startFacebookStandIn({ issuerUrl: auth.url, appId: APP_ID });
  ctx = await createTestApp({
    ...oauthEnv('SOCIAL_TWITTER', x.url),
    ...oauthEnv('SOCIAL_FACEBOOK', fb.url),
  });
  const file = await makeMediaFile(join(ctx.dataDir, 'clip.mp4'), { seconds: 4, size: '640x360' });
  mediaBytes = readFileSync(file);
  const up = await uploadFile(ctx, file);
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  mediaId = up.body.items[0]!.id;
  await mediaReady(ctx, mediaId);
  xId = await connectSocial(ctx, ctx.owner.token, 'twitter');
  facebookId = await connectSocial(ctx, ctx.owner.token, 'facebook');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await Promise.all([auth?.stop(), x?.stop(), fb?.stop()]);
});

async function post(body: object, token = ctx.owner.token) {
  return op(ctx.app, 'socialPosts.post', { token, body: body as never });
}
const ended = (job: Job) => jobEnded(ctx, job.id);
const saved = async (id: string) =>
  (await op(ctx.app, 'socialPosts.get', { token: ctx.owner.token, params: { id } })).body;

describe(`Posting media to X and Facebook pages (${testDbEngine()})`, () => {
  it('posts to X through the chunked media upload, re-sending the segment whose connection was cut', async () => {
    expect(mediaBytes.length).toBeGreaterThan(600_000);
    x.dropNextAfter(Math.floor(mediaBytes.length * 0.6));
    const res = await post({
      mediaId,
      destinations: [{ socialId: xId, title: 'Show {media}', description: 'Recorded live' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await ended(res.body.jobs[0]!);
    expect(job.state, job.error ?? '').toBe('done');
    expect(x.stats.drops).toBe(1);
    const media = x.media.at(-1)!;
    // One segment: the cut APPEND kept nothing, its repeat is the one X took.
    expect(x.stats.appends).toBe(1);
    expect(media).toMatchObject({ mediaType: 'video/mp4', category: 'amplify_video', state: 'succeeded' });
    expect(x.bytesOf(media).equals(mediaBytes)).toBe(true);
    expect(x.stats.statusPolls).toBeGreaterThanOrEqual(2); // pending -> in_progress -> succeeded
    const tweet = x.posts.at(-1)!;
    expect(tweet).toMatchObject({ text: 'Recorded live', mediaIds: [media.id] });
    const url = `https://x.com/i/web/status/${tweet.id}`;
    expect(job.resultUrl).toBe(url);
    expect(await saved(res.body.posts[0]!.id)).toMatchObject({
      status: 'published',
      url,
      externalId: tweet.id,
      uploadedBytes: mediaBytes.length,
    });
  });

  it('posts a video to a Facebook page with its page token and resumes the cut upload', async () => {
    fb.dropNextAfter(Math.floor(mediaBytes.length * 0.6));
    const res = await post({
      mediaId,
      destinations: [
        {
          socialId: facebookId,
          pageId: PAGE_ID,
          title: 'Page show',
          description: 'From the archive',
          visibility: 'public',
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.posts[0]).toMatchObject({ network: 'facebook', folder: PAGE_ID });
    const job = await ended(res.body.jobs[0]!);
    expect(job.state, job.error ?? '').toBe('done');
    expect(fb.stats.drops).toBe(1);
    expect(fb.stats.offsetQueries).toBeGreaterThanOrEqual(1);
    const upload = fb.uploads.at(-1)!;
    expect(upload).toMatchObject({
      fileName: 'Page show.mp4',
      fileType: 'video/mp4',
      total: mediaBytes.length,
    });
    expect(fb.bytesOf(upload).equals(mediaBytes)).toBe(true);
    const video = fb.videos.at(-1)!;
    expect(video).toMatchObject({
      pageId: PAGE_ID,
      title: 'Page show',
      description: 'From the archive',
      published: true,
    });
    const url = `https://www.facebook.com/${PAGE_ID}/videos/${video.id}`;
    expect(job.resultUrl).toBe(url);
    const answer = await saved(res.body.posts[0]!.id);
    expect(answer).toMatchObject({ status: 'published', url, externalId: video.id });
    // The page token is fetched at post time and never kept or answered.
    expect(JSON.stringify([answer, job])).not.toMatch(/page-[0-9a-f]{32}|upload:/);
  });

  it('fails the job naming pageId when the connection manages no such page', async () => {
    const before = fb.uploads.length;
    const res = await post({ mediaId, destinations: [{ socialId: facebookId, pageId: '424242' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await ended(res.body.jobs[0]!);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/pageId.*424242/);
    expect(await saved(res.body.posts[0]!.id)).toMatchObject({ status: 'failed' });
    expect(fb.uploads.length).toBe(before); // no byte was sent
  });

  it('refuses a Facebook destination without a valid pageId, naming the field', async () => {
    expectError(
      await post({ mediaId, destinations: [{ socialId: facebookId }] }),
      400,
      'VALIDATION_FAILED',
      'pageId',
    );
    expectError(
      await post({ mediaId, destinations: [{ socialId: facebookId, pageId: 'my page' }] }),
      400,
      'VALIDATION_FAILED',
      'pageId',
    );
  });

  it("answers 404 for another user's X or Facebook connection", async () => {
    const other = await createTenant(ctx);
    const theirs = await connectSocial(ctx, other.user.token, 'twitter');
    expectError(await post({ mediaId, destinations: [{ socialId: theirs }] }), 404, 'NOT_FOUND');
    expectError(
      await post({ mediaId, destinations: [{ socialId: facebookId, pageId: PAGE_ID }] }, other.user.token),
      404,
      'NOT_FOUND',
    );
  });
});
