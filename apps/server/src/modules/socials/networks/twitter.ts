import { account, type NetworkDescriptor, pick } from './network';

/** X: posts with chunked media upload through OAuth 2 with PKCE; live only by a Producer stream key. */
export const twitter: NetworkDescriptor = {
  id: 'twitter',
  label: 'X',
  oauth: {
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    revokeUrl: 'https://api.x.com/2/oauth2/revoke',
    apiUrl: 'https://api.x.com',
    scopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'],
    consoleUrl: 'https://developer.x.com/en/portal/dashboard',
    async account(get) {
      const user = pick(await get('/2/users/me', { 'user.fields': 'profile_image_url' }), 'data');
      return account('X', pick(user, 'id'), pick(user, 'name'), pick(user, 'profile_image_url'));
    },
  },
  streamKey: { ingest: (key) => `rtmps://va.pscp.tv:443/x/${key}` },
  supports: { live: true, vod: true, folders: false, subAccounts: false },
  upload: {
    // Pay-per-use since February 2026: each post costs the app's owner (design notes 4.1).
    protocol: 'x-chunked',
    mediaPath: '/2/media/upload',
    postPath: '/2/tweets',
    // The description is the post's text (the title when there is none); X counts 280 characters.
    text: (post) => [...(post.description.trim() || post.title)].slice(0, 280).join(''),
    postUrl: (id) => `https://x.com/i/web/status/${encodeURIComponent(id)}`,
  },
};
