import { type LiveDescriptor, need, type PlatformApi } from './live-descriptor';
import { pick } from './network';

/** Facebook profile privacy per visibility (pages are public; Facebook has no "unlisted"). */
const PRIVACY = { public: 'EVERYONE', unlisted: 'ALL_FRIENDS', private: 'SELF' } as const;

/** A page's own token (`/me/accounts`): page broadcasts need it, and it is never stored. */
async function pageToken(api: PlatformApi, pageId: string): Promise<string> {
  const pages = pick(await api.get('/me/accounts', { fields: 'id,name,access_token' }), 'data');
  const page = (Array.isArray(pages) ? pages : []).find((p) => String(pick(p, 'id')) === pageId);
  if (!page) throw new Error('the page is not among the pages this connection manages');
  return need(pick(page, 'access_token'), 'page token');
}

/**
 * Facebook Graph API (design notes 4.1): `POST /{profile-or-page}/live_videos?status=LIVE_NOW` answers the
 * live video and its RTMPS address; `end_live_video=true` ends it. A page goes live with the page's token.
 */
export const facebookLive: LiveDescriptor = {
  async start(api, req) {
    const pageId = req.subAccountId;
    const token = pageId ? await pageToken(api, pageId) : undefined;
    const query: Record<string, string> = {
      status: 'LIVE_NOW',
      title: req.title,
      description: req.description,
      fields: 'id,secure_stream_url,stream_url,permalink_url',
    };
    if (!pageId) query.privacy = JSON.stringify({ value: PRIVACY[req.visibility] });
    const video = await api.send('POST', `/${pageId ?? 'me'}/live_videos`, query, undefined, token);
    const id = need(pick(video, 'id'), 'live video id');
    const ingestUrl = need(pick(video, 'secure_stream_url') ?? pick(video, 'stream_url'), 'stream address');
    const permalink = pick(video, 'permalink_url');
    const ids: Record<string, string> = pageId ? { pageId } : {};
    return {
      ingestUrl,
      id,
      url: typeof permalink === 'string' ? new URL(permalink, 'https://www.facebook.com').href : null,
      ids,
    };
  },

  async end(api, live) {
    const token = live.ids.pageId ? await pageToken(api, live.ids.pageId) : undefined;
    await api.send('POST', `/${live.id}`, { end_live_video: 'true' }, undefined, token);
  },

  async subAccounts(api) {
    const pages = pick(await api.get('/me/accounts', { fields: 'id,name' }), 'data');
    return (Array.isArray(pages) ? pages : []).map((p) => ({
      id: need(pick(p, 'id'), 'page id'),
      name: String(pick(p, 'name') ?? pick(p, 'id')),
      kind: 'page' as const,
    }));
  },
};
