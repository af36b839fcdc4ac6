import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoLiveError } from '../../src/modules/socials/social-live.service';
import { NOT_SHARED } from '../../src/modules/socials/social-shares.service';
import { expectError } from '../helpers/expect-error';
import { startLiveStandIns } from '../helpers/live-stand-ins';
import { op } from '../helpers/route-call';
import { connectSocial, socialEnv } from '../helpers/social-connect';
import { startAuthServer } from '../helpers/social-stand-ins';
import { createMember, createWorkspace, type TestUser } from '../helpers/tenancy';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Going live through connections without ffmpeg (the push itself: test/media/social-live.test.ts):
 * sub-accounts and categories from the stand-ins, the live objects each network gets, the address policy
 * on the ingest a platform answers, sharing with workspaces, and the install's OAuth apps.
 */
let ctx: TestContext;
let auth: Awaited<ReturnType<typeof startAuthServer>>;
let platform: Awaited<ReturnType<typeof startLiveStandIns>>;
let youtubeId: string;
let facebookId: string;
let twitchId: string;
let member: TestUser;
let teamWs: string;

beforeAll(async () => {
  auth = await startAuthServer(['youtube', 'publish_video']);
  // The stand-in hands out an ingest on loopback, which this server (no TARGET_ALLOW_PRIVATE) refuses.
  platform = await startLiveStandIns(auth.url, 'rtmp://127.0.0.1:1935/live2');
  ctx = await createTestApp({
    ...socialEnv('youtube', auth.url, platform.url),
    ...socialEnv('twitch', auth.url, platform.url),
    // Facebook has addresses but no app in the environment: the admin page gives it one below.
    ...socialEnv('facebook', auth.url, platform.url, false),
  });
  youtubeId = await connectSocial(ctx, ctx.owner.token, 'youtube');
  twitchId = await connectSocial(ctx, ctx.owner.token, 'twitch');
  teamWs = await createWorkspace(ctx, ctx.owner.token, ctx.owner.corporationId, 'Team');
  member = await createMember(ctx, ctx.owner.token, { workspaceId: teamWs }, ['read', 'write']);
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([auth?.stop(), platform?.stop()]);
});

const owner = () => ({ token: ctx.owner.token });
const targetBody = (
  workspaceId: string,
  socialId: string,
  type: 'youtube' | 'facebook' | 'twitch' | 'twitter' = 'youtube',
) => ({
  workspaceId,
  name: `${type} target`,
  settings: { type, socialId },
});
const rowOf = async (id: string) => (await ctx.app.services.targets.repo.byId(id))!;

describe('install-wide OAuth apps', () => {
  it('stores an app sealed for platform administrators; the environment wins; others are refused', async () => {
    const before = await op(ctx.app, 'socials.oauthApps', owner());
    const yt = before.body.items.find((a) => a.network === 'youtube')!;
    expect(yt).toMatchObject({ source: 'environment', clientId: 'stromwerk-test', hasSecret: true });
    expect(yt.redirectUri).toBe('http://stromwerk.test/v1/connect-social/youtube/callback');
    expect(before.body.items.find((a) => a.network === 'facebook')).toMatchObject({ source: 'none' });
    let networks = await op(ctx.app, 'socials.networks', owner());
    expect(networks.body.items.find((n) => n.network === 'facebook')!.methods).toEqual(['stream-key']);

    expectError(
      await op(ctx.app, 'socials.putOauthApp', {
        token: member.token,
        params: { network: 'facebook' },
        body: { clientId: 'x' },
      }),
      403,
      'FORBIDDEN',
    );
    const put = await op(ctx.app, 'socials.putOauthApp', {
      ...owner(),
      params: { network: 'facebook' },
      body: { clientId: 'fb-app-1', clientSecret: 'fb-secret-very-secret' },
    });
    expect(put.body).toMatchObject({ source: 'database', clientId: 'fb-app-1', hasSecret: true });
    expect(JSON.stringify(put.body)).not.toContain('fb-secret-very-secret');
    networks = await op(ctx.app, 'socials.networks', owner());
    expect(networks.body.items.find((n) => n.network === 'facebook')!.methods).toEqual([
      'oauth',
      'stream-key',
    ]);
    // A stored app for a network the environment configures changes nothing.
    await op(ctx.app, 'socials.putOauthApp', {
      ...owner(),
      params: { network: 'youtube' },
      body: { clientId: 'ignored', clientSecret: 'ignored' },
    });
    const after = await op(ctx.app, 'socials.oauthApps', owner());
    expect(after.body.items.find((a) => a.network === 'youtube')).toMatchObject({ source: 'environment' });

    // Connecting Facebook now uses the stored app, with its secret opened only for the token exchange.
    const start = await op(ctx.app, 'socials.connect', { ...owner(), params: { network: 'facebook' } });
    expect(new URL(start.body.authorizeUrl).searchParams.get('client_id')).toBe('fb-app-1');
    facebookId = await connectSocial(ctx, ctx.owner.token, 'facebook');
  });
});

describe('sub-accounts and categories', () => {
  it('lists YouTube channels, Facebook pages, YouTube categories by region and Twitch categories by search', async () => {
    const channels = await op(ctx.app, 'socials.subAccounts', { ...owner(), params: { id: youtubeId } });
    expect(channels.body.items).toEqual([
      { id: 'UC-main', name: 'Stand-in Channel', kind: 'channel' },
      { id: 'UC-brand', name: 'Brand Channel', kind: 'channel' },
    ]);
    const pages = await op(ctx.app, 'socials.subAccounts', { ...owner(), params: { id: facebookId } });
    expect(pages.body.items).toEqual([{ id: 'page-1', name: 'Stand-in Page', kind: 'page' }]);
    const ytCats = await op(ctx.app, 'socials.categories', {
      ...owner(),
      params: { id: youtubeId },
      query: { region: 'DE' },
    });
    expect(ytCats.body.items).toEqual([
      { id: '20', name: 'Gaming (DE)' },
      { id: '22', name: 'People & Blogs' },
    ]);
    const twCats = await op(ctx.app, 'socials.categories', {
      ...owner(),
      params: { id: twitchId },
      query: { q: 'chat' },
    });
    expect(twCats.body.items).toEqual([{ id: '509658', name: 'Just Chatting (chat)' }]);
    expectError(
      await op(ctx.app, 'socials.categories', {
        ...owner(),
        params: { id: youtubeId },
        query: { region: 'de' },
      }),
      400,
      'VALIDATION_FAILED',
      'region',
    );
  });

  it("answers the network's failure as SOCIAL_PLATFORM_FAILED in its words", async () => {
    platform.failNext('/me/accounts', 500, { error: { message: 'Service temporarily unavailable' } });
    const res = await op(ctx.app, 'socials.subAccounts', { ...owner(), params: { id: facebookId } });
    expectError(res, 502, 'SOCIAL_PLATFORM_FAILED');
    expect((res.body as { message: string }).message).toBe(
      'Facebook refused (500): Service temporarily unavailable',
    );
  });
});

describe('going live through each network', () => {
  it('YouTube: the loopback ingest it answers is refused by the address policy and the broadcast is ended', async () => {
    const t = await op(ctx.app, 'targets.create', {
      ...owner(),
      body: targetBody(ctx.owner.workspaceId, youtubeId),
    });
    expect(t.status).toBe(201);
    expect(t.body.settings).toMatchObject({ title: '{source} {date}', visibility: 'public', tags: [] });
    const error = await ctx.app.services.socialLive.start(await rowOf(t.body.id)).catch((e) => e);
    expect(error).toBeInstanceOf(GoLiveError);
    expect(error.message).toBe(
      'YouTube answered an ingest address this server refuses: Targets may only send to public internet addresses, not to local or private networks',
    );
    const last = [...platform.broadcasts.values()].at(-1)!;
    expect(last.status).toBe('complete');
  });

  it('Facebook: a page goes live with the page token and ends with end_live_video', async () => {
    const t = await op(ctx.app, 'targets.create', {
      ...owner(),
      body: {
        ...targetBody(ctx.owner.workspaceId, facebookId, 'facebook'),
        settings: { type: 'facebook', socialId: facebookId, subAccountId: 'page-1', title: 'Night {date}' },
      },
    });
    const row = await rowOf(t.body.id);
    const error = await ctx.app.services.socialLive.start(row).catch((e) => e);
    // The ingest is on loopback, so it is refused here too, and the live video is ended at once.
    expect(error.message).toMatch(/^Facebook answered an ingest address this server refuses/);
    const [id, video] = [...platform.liveVideos.entries()].at(-1)!;
    expect(video).toEqual({ status: 'VOD', owner: 'page-1' });
    const created = platform.received.find((r) => r.path === '/page-1/live_videos')!;
    expect(created.token).toBe('page-token-1');
    expect(created.query.title).toBe(`Night ${new Date().toISOString().slice(0, 10)}`);
    expect(platform.received.find((r) => r.path === `/${id}`)!.query.end_live_video).toBe('true');
  });

  it('Twitch: title, category and tags are set, then the stream key is read for its ingest', async () => {
    const t = await op(ctx.app, 'targets.create', {
      ...owner(),
      body: {
        ...targetBody(ctx.owner.workspaceId, twitchId, 'twitch'),
        settings: { type: 'twitch', socialId: twitchId, category: '509658', tags: ['German'] },
      },
    });
    const started = await ctx.app.services.socialLive.start(await rowOf(t.body.id));
    expect(started.ingestUrl).toBe('rtmp://live.twitch.tv/app/live_tw_key');
    const patch = platform.received.find((r) => r.method === 'PATCH')!;
    expect(patch.query.broadcaster_id).toBe('tw-1');
    expect(patch.body).toMatchObject({
      title: expect.stringMatching(/ \d{4}-\d\d-\d\d$/),
      game_id: '509658',
      tags: ['German'],
    });
  });

  it('X goes live only with a stream key; the key goes to its ingest, and no API is called', async () => {
    const social = await op(ctx.app, 'socials.create', {
      ...owner(),
      body: { network: 'twitter', name: 'X producer', streamKey: 'x-key-123' },
    });
    const t = await op(ctx.app, 'targets.create', {
      ...owner(),
      body: targetBody(ctx.owner.workspaceId, social.body.id, 'twitter'),
    });
    const started = await ctx.app.services.socialLive.start(await rowOf(t.body.id));
    expect(started).toEqual({ ingestUrl: 'rtmps://va.pscp.tv:443/x/x-key-123', live: null });
    // A connection of another network cannot be bound as this kind.
    expectError(
      await op(ctx.app, 'targets.create', {
        ...owner(),
        body: targetBody(ctx.owner.workspaceId, youtubeId, 'twitter'),
      }),
      400,
      'VALIDATION_FAILED',
      'socialId',
    );
    // Members who may only read see the target's settings, which hold no secret at all.
    expect(JSON.stringify(t.body)).not.toContain('x-key-123');
  });
});

describe('sharing a connection with workspaces', () => {
  it('lets members of a shared workspace bind targets without seeing the connection; unsharing stops it', async () => {
    const other = await createTenant(ctx, 'Rival Corp');
    // Not shared yet: the member cannot bind it, does not see it, cannot ask its sub-accounts.
    expectError(
      await op(ctx.app, 'targets.create', { token: member.token, body: targetBody(teamWs, youtubeId) }),
      400,
      'VALIDATION_FAILED',
      'socialId',
    );
    let usable = await op(ctx.app, 'socials.usableInWorkspace', {
      token: member.token,
      params: { id: teamWs },
    });
    expect(usable.body.items).toEqual([]);
    expectError(
      await op(ctx.app, 'socials.subAccounts', { token: member.token, params: { id: youtubeId } }),
      404,
      'NOT_FOUND',
    );
    // Sharing into another corporation's workspace is refused, naming the field.
    expectError(
      await op(ctx.app, 'socials.putShares', {
        ...owner(),
        params: { id: youtubeId },
        body: { items: [{ workspaceId: other.workspaceId, live: true, post: false }] },
      }),
      400,
      'VALIDATION_FAILED',
      'workspaceId',
    );
    const shared = await op(ctx.app, 'socials.putShares', {
      ...owner(),
      params: { id: youtubeId },
      body: { items: [{ workspaceId: teamWs, live: true, post: false }] },
    });
    expect(shared.body.items).toEqual([{ workspaceId: teamWs, live: true, post: false }]);

    usable = await op(ctx.app, 'socials.usableInWorkspace', { token: member.token, params: { id: teamWs } });
    expect(usable.body.items).toEqual([
      expect.objectContaining({ id: youtubeId, own: false, network: 'youtube' }),
    ]);
    const target = await op(ctx.app, 'targets.create', {
      token: member.token,
      body: targetBody(teamWs, youtubeId),
    });
    expect(target.status).toBe(201);
    const subs = await op(ctx.app, 'socials.subAccounts', { token: member.token, params: { id: youtubeId } });
    expect(subs.body.items).toHaveLength(2);
    // The connection itself (and its shares) stay its owner's.
    expectError(
      await op(ctx.app, 'socials.get', { token: member.token, params: { id: youtubeId } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await op(ctx.app, 'socials.shares', { token: member.token, params: { id: youtubeId } }),
      404,
      'NOT_FOUND',
    );

    // Another corporation never sees it, shared or not.
    for (const name of ['socials.get', 'socials.subAccounts', 'socials.shares', 'socials.check'] as const)
      expectError(
        await op(ctx.app, name, { token: other.user.token, params: { id: youtubeId } }),
        404,
        'NOT_FOUND',
      );
    expectError(
      await op(ctx.app, 'socials.usableInWorkspace', { token: other.user.token, params: { id: teamWs } }),
      404,
      'NOT_FOUND',
    );

    // Unsharing: the bound target says why it cannot go live, and going live is refused the same way.
    await op(ctx.app, 'socials.putShares', { ...owner(), params: { id: youtubeId }, body: { items: [] } });
    const after = await op(ctx.app, 'targets.get', { token: member.token, params: { id: target.body.id } });
    expect(after.body).toMatchObject({ state: 'offline', lastError: NOT_SHARED });
    const error = await ctx.app.services.socialLive.start(await rowOf(target.body.id)).catch((e) => e);
    expect(error.message).toBe(NOT_SHARED);
  });
});
