import { account, type NetworkDescriptor, pick } from './network';
import { twitchLive } from './twitch-live';

/** Twitch Helix: stream key, title, category and tags; live only (no VOD upload API). */
export const twitch: NetworkDescriptor = {
  id: 'twitch',
  label: 'Twitch',
  oauth: {
    authorizeUrl: 'https://id.twitch.tv/oauth2/authorize',
    tokenUrl: 'https://id.twitch.tv/oauth2/token',
    revokeUrl: 'https://id.twitch.tv/oauth2/revoke',
    apiUrl: 'https://api.twitch.tv',
    scopes: ['channel:read:stream_key', 'channel:manage:broadcast'],
    apiHeaders: (clientId) => ({ 'Client-Id': clientId }),
    consoleUrl: 'https://dev.twitch.tv/console/apps',
    async account(get) {
      const user = pick(await get('/helix/users'), 'data', 0);
      return account('Twitch', pick(user, 'id'), pick(user, 'display_name'), pick(user, 'profile_image_url'));
    },
  },
  streamKey: { ingest: (key) => `rtmp://live.twitch.tv/app/${key}` },
  live: twitchLive,
  supports: { live: true, vod: false, folders: false, subAccounts: false },
};
