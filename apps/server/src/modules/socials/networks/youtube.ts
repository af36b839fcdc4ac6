import { account, type NetworkDescriptor, pick, str } from './network';
import { youtubeLive } from './youtube-live';

/** YouTube Data API v3: live broadcasts and resumable video uploads (design notes 4.1). */
export const youtube: NetworkDescriptor = {
  id: 'youtube',
  label: 'YouTube',
  oauth: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revokeUrl: 'https://oauth2.googleapis.com/revoke',
    apiUrl: 'https://www.googleapis.com',
    scopes: ['https://www.googleapis.com/auth/youtube', 'https://www.googleapis.com/auth/youtube.upload'],
    // A refresh token only comes with offline access, and again on a reconnect only with consent.
    extraAuthParams: { access_type: 'offline', prompt: 'consent' },
    consoleUrl: 'https://console.cloud.google.com/apis/credentials',
    async account(get) {
      const answer = await get('/youtube/v3/channels', { part: 'snippet', mine: 'true' });
      const channel = pick(answer, 'items', 0);
      return account(
        'YouTube',
        pick(channel, 'id'),
        pick(channel, 'snippet', 'title'),
        pick(channel, 'snippet', 'thumbnails', 'default', 'url'),
      );
    },
  },
  streamKey: { ingest: (key) => `rtmps://a.rtmp.youtube.com/live2/${key}` },
  live: youtubeLive,
  supports: { live: true, vod: true, folders: false, subAccounts: true },
  upload: {
    // videos.insert: 1,600 quota units each; uploads of unverified API projects stay private.
    protocol: 'google-resumable',
    path: '/upload/youtube/v3/videos',
    query: { uploadType: 'resumable', part: 'snippet,status' },
    metadata: (post) => ({
      snippet: {
        title: post.title,
        description: post.description,
        tags: post.tags,
        ...(post.categoryId ? { categoryId: post.categoryId } : {}),
      },
      status: { privacyStatus: post.visibility, selfDeclaredMadeForKids: false },
    }),
    published(answer) {
      const id = str(pick(answer, 'id'));
      if (!id) throw new Error('YouTube answered the upload without a video id');
      const visibility = str(pick(answer, 'status', 'privacyStatus')) ?? undefined;
      return { externalId: id, url: `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`, visibility };
    },
  },
};
