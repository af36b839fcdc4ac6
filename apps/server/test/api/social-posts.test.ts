import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Job } from '@stromwerk/contracts/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleStandIn } from '../../../../scripts/lib/google-stand-in.mjs';
import { expectError } from '../helpers/expect-error';
import { jobEnded, mediaReady, uploadFile } from '../helpers/library';
import { makeMediaFile } from '../helpers/media';
import { op } from '../helpers/route-call';
import { connectSocial } from '../helpers/social-connect';
import { startAuthServer, startFtpServer } from '../helpers/social-stand-ins';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

const SCOPES = [
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/drive.file',
];
const FTP_PASSWORD = 'ftp-secret-Pa55';
let ctx: TestContext;
let auth: Awaited<ReturnType<typeof startAuthServer>>;
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
let ftp: Awaited<ReturnType<typeof startFtpServer>>;
let mediaId: string;
let mediaBytes: Buffer;
let youtubeId: string;
let driveId: string;
let ftpId: string;

const oauthEnv = (prefix: string, apiUrl: string) => ({
  [`${prefix}_CLIENT_ID`]: 'stromwerk-test',
  [`${prefix}_CLIENT_SECRET`]: 'client-secret-xyz',
  [`${prefix}_AUTHORIZE_URL`]: `${auth.url}/authorize`,
  [`${prefix}_TOKEN_URL`]: `${auth.url}/token`,
  [`${prefix}_REVOKE_URL`]: `${auth.url}/revoke`,
  [`${prefix}_API_URL`]: apiUrl,
});

beforeAll(async () => {
  auth = await startAuthServer(SCOPES);
  google = await startGoogleStandIn({ issuerUrl: auth.url });
  ftp = await startFtpServer('deploy', FTP_PASSWORD);
  ctx = await createTestApp({
    ...oauthEnv('SOCIAL_YOUTUBE', google.url),
    ...oauthEnv('SOCIAL_GOOGLE_DRIVE', google.url),
    TARGET_ALLOW_PRIVATE: 'true', // the FTP stand-in listens on loopback
  });
  const file = await makeMediaFile(join(ctx.dataDir, 'clip.mp4'), { seconds: 4, size: '640x360' });
  mediaBytes = readFileSync(file);
  const up = await uploadFile(ctx, file);
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  mediaId = up.body.items[0]!.id;
  await mediaReady(ctx, mediaId);
  youtubeId = await connectSocial(ctx, ctx.owner.token, 'youtube');
  driveId = await connectSocial(ctx, ctx.owner.token, 'google-drive');
  const created = await op(ctx.app, 'socials.create', {
    token: ctx.owner.token,
    body: {
      network: 'ftp',
      name: 'Archive',
      host: ftp.host,
      port: ftp.port,
      user: 'deploy',
      password: FTP_PASSWORD,
      protocol: 'ftp',
      basePath: '/',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  ftpId = created.body.id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await Promise.all([auth?.stop(), google?.stop(), ftp?.stop()]);
});

async function post(body: object, token = ctx.owner.token) {
  return op(ctx.app, 'socialPosts.post', { token, body: body as never });
}
const ended = (job: Job) => jobEnded(ctx, job.id);

describe(`Posting media to social connections (${testDbEngine()})`, () => {
  it('uploads to YouTube through the resumable protocol and resumes after the connection is cut', async () => {
    expect(mediaBytes.length).toBeGreaterThan(600_000);
    google.dropNextAfter(Math.floor(mediaBytes.length * 0.6));
    const res = await post({
      mediaId,
      destinations: [
        {
          socialId: youtubeId,
          title: 'Show {date}: {media}',
          description: 'Recorded live',
          tags: ['live', 'demo'],
          categoryId: '22',
          visibility: 'unlisted',
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const [posted] = res.body.posts;
    const today = new Date().toISOString().slice(0, 10);
    // The answer shows the post as it is by then: the job worker may already have started it (CI).
    expect(posted).toMatchObject({
      network: 'youtube',
      status: expect.stringMatching(/^(queued|uploading)$/),
      title: `Show ${today}: clip`,
    });
    const job = await ended(res.body.jobs[0]!);
    expect(job, job.error ?? '').toMatchObject({
      state: 'done',
      type: 'social-post',
      socialPostId: posted!.id,
    });
    expect(google.stats.drops).toBe(1);
    expect(google.stats.offsetQueries).toBeGreaterThanOrEqual(1);
    const upload = google.uploads.at(-1)!;
    expect(upload.kind).toBe('youtube');
    expect(google.bytesOf(upload).equals(mediaBytes)).toBe(true);
    expect(upload.metadata).toMatchObject({
      snippet: { title: `Show ${today}: clip`, tags: ['live', 'demo'], categoryId: '22' },
      status: { privacyStatus: 'unlisted' },
    });
    const url = `https://www.youtube.com/watch?v=${upload.resource!.id}`;
    expect(job.resultUrl).toBe(url);
    const saved = await op(ctx.app, 'socialPosts.get', {
      token: ctx.owner.token,
      params: { id: posted!.id },
    });
    expect(saved.body).toMatchObject({
      status: 'published',
      url,
      externalId: upload.resource!.id,
      uploadedBytes: mediaBytes.length,
    });
    // The session address is the poster's capability: never answered.
    expect(JSON.stringify(saved.body)).not.toContain('/upload/session/');
  });

  it('lists and creates Drive and FTP folders, then posts into them in one request', async () => {
    const drive = await op(ctx.app, 'socialPosts.createFolder', {
      token: ctx.owner.token,
      params: { id: driveId },
      body: { name: 'Shows' },
    });
    expect(drive.status, JSON.stringify(drive.body)).toBe(201);
    const driveList = await op(ctx.app, 'socialPosts.folders', {
      token: ctx.owner.token,
      params: { id: driveId },
    });
    expect(driveList.body.items).toEqual([{ id: drive.body.id, name: 'Shows' }]);
    const ftpFolder = await op(ctx.app, 'socialPosts.createFolder', {
      token: ctx.owner.token,
      params: { id: ftpId },
      body: { name: '2026', parentId: 'clips' },
    });
    expect(ftpFolder.body).toEqual({ id: 'clips/2026', name: '2026' });
    const top = await op(ctx.app, 'socialPosts.folders', { token: ctx.owner.token, params: { id: ftpId } });
    expect(top.body.items).toEqual([{ id: 'clips', name: 'clips' }]);
    const below = await op(ctx.app, 'socialPosts.folders', {
      token: ctx.owner.token,
      params: { id: ftpId },
      query: { parentId: 'clips' },
    });
    expect(below.body.items).toEqual([{ id: 'clips/2026', name: '2026' }]);

    const res = await post({
      mediaId,
      destinations: [
        { socialId: driveId, folder: drive.body.id },
        { socialId: ftpId, title: 'Archive copy', folder: 'clips/2026' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const [driveJob, ftpJob] = await Promise.all(res.body.jobs.map(ended));
    expect(driveJob!.state, driveJob!.error ?? '').toBe('done');
    expect(ftpJob!.state, ftpJob!.error ?? '').toBe('done');
    const upload = google.uploads.at(-1)!;
    expect(upload).toMatchObject({ kind: 'drive', metadata: { name: 'clip.mp4', parents: [drive.body.id] } });
    expect(google.bytesOf(upload).equals(mediaBytes)).toBe(true);
    expect(driveJob!.resultUrl).toBe(`https://drive.google.com/file/d/${upload.resource!.id}/view`);
    const name = `Archive copy-${res.body.posts[1]!.id.slice(0, 8)}.mp4`;
    expect(readFileSync(join(ftp.root, 'clips', '2026', name)).equals(mediaBytes)).toBe(true);
    expect(ftpJob!.resultUrl).toBe(`ftp://127.0.0.1:${ftp.port}/clips/2026/${encodeURI(name)}`);
  });

  it('retries only the failed destination', async () => {
    ftp.setPassword('rotated-elsewhere');
    const res = await post({
      mediaId,
      destinations: [{ socialId: youtubeId }, { socialId: ftpId }],
    });
    const [youtubeJob, ftpJob] = await Promise.all(res.body.jobs.map(ended));
    expect(youtubeJob!.state).toBe('done');
    expect(ftpJob).toMatchObject({ state: 'failed', resultUrl: null });
    expect(ftpJob!.error).toMatch(/530|password/);
    const failedPost = await op(ctx.app, 'socialPosts.get', {
      token: ctx.owner.token,
      params: { id: res.body.posts[1]!.id },
    });
    expect(failedPost.body).toMatchObject({ status: 'failed' });

    ftp.setPassword(FTP_PASSWORD);
    const uploadsBefore = google.uploads.length;
    const again = await op(ctx.app, 'jobs.retry', { token: ctx.owner.token, params: { id: ftpJob!.id } });
    expect(again.body).toMatchObject({ state: 'queued', attempts: 0, error: null });
    const done = await jobEnded(ctx, ftpJob!.id);
    expect(done.state, done.error ?? '').toBe('done');
    expect(done.resultUrl).toMatch(/^ftp:\/\/127\.0\.0\.1:\d+\/clip-[0-9a-f]{8}\.mp4$/);
    expect(google.uploads.length).toBe(uploadsBefore); // YouTube was not posted to again
    expectError(
      await op(ctx.app, 'jobs.retry', { token: ctx.owner.token, params: { id: youtubeJob!.id } }),
      409,
      'CONFLICT',
    );
  });

  it("answers 404 for another workspace's media, another user's connection or post", async () => {
    const other = await createTenant(ctx);
    const mine = { mediaId, destinations: [{ socialId: youtubeId }] };
    expectError(await post(mine, other.user.token), 404, 'NOT_FOUND');
    const theirs = await connectSocial(ctx, other.user.token, 'youtube');
    expectError(await post({ mediaId, destinations: [{ socialId: theirs }] }), 404, 'NOT_FOUND');
    expectError(
      await op(ctx.app, 'socialPosts.folders', { token: other.user.token, params: { id: ftpId } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await op(ctx.app, 'socialPosts.createFolder', {
        token: other.user.token,
        params: { id: driveId },
        body: { name: 'x' },
      }),
      404,
      'NOT_FOUND',
    );
    const res = await post({ mediaId, destinations: [{ socialId: ftpId }] });
    expectError(
      await op(ctx.app, 'socialPosts.get', {
        token: other.user.token,
        params: { id: res.body.posts[0]!.id },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await op(ctx.app, 'jobs.retry', { token: other.user.token, params: { id: res.body.jobs[0]!.id } }),
      404,
      'NOT_FOUND',
    );
    await ended(res.body.jobs[0]!);
  });

  it('refuses bad input with a 4xx naming the field', async () => {
    expectError(await post({ mediaId, destinations: [] }), 400, 'VALIDATION_FAILED', 'destinations');
    expectError(
      await post({ mediaId, destinations: [{ socialId: youtubeId, visibility: 'secret' }] }),
      400,
      'VALIDATION_FAILED',
      'visibility',
    );
    expectError(
      await post({ mediaId, destinations: [{ socialId: ftpId, folder: 'a/../../etc' }] }),
      400,
      'VALIDATION_FAILED',
      'folder',
    );
    expectError(
      await post({ mediaId, destinations: [{ socialId: youtubeId, title: '<script>' }] }),
      400,
      'VALIDATION_FAILED',
      'title',
    );
    const key = await op(ctx.app, 'socials.create', {
      token: ctx.owner.token,
      body: { network: 'twitch', name: 'Twitch key', streamKey: 'live_123' },
    });
    expectError(
      await post({ mediaId, destinations: [{ socialId: key.body.id }] }),
      422,
      'SOCIAL_UNSUPPORTED',
      'socialId',
    );
    expectError(
      await op(ctx.app, 'socialPosts.folders', { token: ctx.owner.token, params: { id: youtubeId } }),
      422,
      'SOCIAL_UNSUPPORTED',
    );
    expectError(
      await op(ctx.app, 'socialPosts.createFolder', {
        token: ctx.owner.token,
        params: { id: ftpId },
        body: { name: '../up' },
      }),
      400,
      'VALIDATION_FAILED',
      'name',
    );
    expectError(
      await op(ctx.app, 'jobs.create', {
        token: ctx.owner.token,
        body: { type: 'social-post', mediaId },
      }),
      400,
      'VALIDATION_FAILED',
      'type',
    );
  });
});
