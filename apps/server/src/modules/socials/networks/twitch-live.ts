import { type LiveDescriptor, need, type PlatformApi } from './live-descriptor';
import { pick } from './network';

/** The Twitch ingest the stream key goes to (Restreamer's default; regional ones exist). */
export const TWITCH_INGEST = 'rtmp://live.twitch.tv/app';

async function broadcaster(api: PlatformApi) {
  const user = pick(await api.get('/helix/users'), 'data', 0);
  return { id: need(pick(user, 'id'), 'user id'), login: String(pick(user, 'login') ?? '') };
}

/**
 * Twitch Helix (design notes 4.1): the channel's title, category (game id) and tags are set, then its
 * stream key is read; the broadcast ends when the push stops (Twitch has no end call).
 */
export const twitchLive: LiveDescriptor = {
  async start(api, req) {
    const me = await broadcaster(api);
    const channel: Record<string, unknown> = { title: req.title, tags: req.tags };
    if (req.category) channel.game_id = req.category;
    await api.send('PATCH', '/helix/channels', { broadcaster_id: me.id }, channel);
    const key = need(
      pick(await api.get('/helix/streams/key', { broadcaster_id: me.id }), 'data', 0, 'stream_key'),
      'stream key',
    );
    return {
      ingestUrl: `${TWITCH_INGEST}/${key}`,
      id: me.id,
      url: me.login ? `https://www.twitch.tv/${encodeURIComponent(me.login)}` : null,
      ids: {},
    };
  },

  async categories(api, { q }) {
    if (!q) return [];
    const data = pick(await api.get('/helix/search/categories', { query: q }), 'data');
    return (Array.isArray(data) ? data : []).map((c) => ({
      id: need(pick(c, 'id'), 'category id'),
      name: String(pick(c, 'name') ?? ''),
    }));
  },
};
