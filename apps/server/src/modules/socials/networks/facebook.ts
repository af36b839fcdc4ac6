import { facebookLive } from './facebook-live';
import { account, type NetworkDescriptor, pick } from './network';

/** Facebook Graph API: live videos on a profile or page, resumable video uploads (design notes 4.1). */
export const facebook: NetworkDescriptor = {
  id: 'facebook',
  label: 'Facebook',
  oauth: {
    authorizeUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
    // Facebook has no RFC 7009 endpoint; removing the app's permissions is a Graph call (not done yet).
    apiUrl: 'https://graph.facebook.com/v21.0',
    scopes: [
      'public_profile',
      'publish_video',
      'pages_show_list',
      'pages_read_engagement',
      'pages_manage_posts',
    ],
    consoleUrl: 'https://developers.facebook.com/apps/',
    async account(get) {
      const me = await get('/me', { fields: 'id,name,picture' });
      return account('Facebook', pick(me, 'id'), pick(me, 'name'), pick(me, 'picture', 'data', 'url'));
    },
  },
  streamKey: { ingest: (key) => `rtmps://live-api-s.facebook.com:443/rtmp/${key}` },
  live: facebookLive,
  supports: { live: true, vod: true, folders: false, subAccounts: true },
  upload: {
    // Posting to a page needs App Review of pages_manage_posts and publish_video (design notes 4.1).
    protocol: 'facebook-resumable',
    videoUrl: (pageId, videoId) =>
      `https://www.facebook.com/${encodeURIComponent(pageId)}/videos/${encodeURIComponent(videoId)}`,
  },
};
