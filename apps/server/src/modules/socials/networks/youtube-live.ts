import { type LiveDescriptor, need } from './live-descriptor';
import { pick } from './network';

const V3 = '/youtube/v3';

/**
 * YouTube Data API v3 (design notes 4.1): a broadcast (title, description, privacy; auto start and stop
 * once data arrives), a non-reusable RTMP stream (OBS PR #5124: no pile of old keys), bound together;
 * ended with `transition complete`, or deleted when it never went live (YouTube refuses that transition).
 * Category and tags are the broadcast video's own fields (`videos.update`).
 */
export const youtubeLive: LiveDescriptor = {
  async start(api, req) {
    const broadcast = await api.send(
      'POST',
      `${V3}/liveBroadcasts`,
      { part: 'snippet,status,contentDetails' },
      {
        snippet: {
          title: req.title,
          description: req.description,
          scheduledStartTime: new Date().toISOString(),
        },
        status: { privacyStatus: req.visibility, selfDeclaredMadeForKids: false },
        contentDetails: { enableAutoStart: true, enableAutoStop: true },
      },
    );
    const id = need(pick(broadcast, 'id'), 'broadcast id');
    const stream = await api.send(
      'POST',
      `${V3}/liveStreams`,
      { part: 'snippet,cdn,contentDetails' },
      {
        snippet: { title: req.title },
        cdn: { ingestionType: 'rtmp', resolution: 'variable', frameRate: 'variable' },
        contentDetails: { isReusable: false },
      },
    );
    const streamId = need(pick(stream, 'id'), 'stream id');
    const address = need(pick(stream, 'cdn', 'ingestionInfo', 'ingestionAddress'), 'ingestion address');
    const name = need(pick(stream, 'cdn', 'ingestionInfo', 'streamName'), 'stream name');
    await api.send('POST', `${V3}/liveBroadcasts/bind`, { id, streamId, part: 'id,contentDetails' });
    if (req.category || req.tags.length > 0)
      await api.send(
        'PUT',
        `${V3}/videos`,
        { part: 'snippet' },
        {
          id,
          snippet: {
            title: req.title,
            description: req.description,
            categoryId: req.category || '22',
            tags: req.tags,
          },
        },
      );
    return {
      ingestUrl: `${address.replace(/\/$/, '')}/${name}`,
      id,
      url: `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`,
      ids: { streamId },
    };
  },

  async end(api, live) {
    try {
      await api.send('POST', `${V3}/liveBroadcasts/transition`, {
        broadcastStatus: 'complete',
        id: live.id,
        part: 'status',
      });
    } catch (e) {
      // A broadcast that never went live cannot complete: remove it instead, so no empty one is left.
      if ((e as { status?: number }).status !== 403) throw e;
      await api.send('DELETE', `${V3}/liveBroadcasts`, { id: live.id });
    }
  },

  async subAccounts(api) {
    const answer = await api.get(`${V3}/channels`, { part: 'snippet', mine: 'true' });
    const items = pick(answer, 'items');
    return (Array.isArray(items) ? items : []).map((c) => ({
      id: need(pick(c, 'id'), 'channel id'),
      name: String(pick(c, 'snippet', 'title') ?? pick(c, 'id')),
      kind: 'channel' as const,
    }));
  },

  async categories(api, { q, region }) {
    const answer = await api.get(`${V3}/videoCategories`, { part: 'snippet', regionCode: region ?? 'US' });
    const items = pick(answer, 'items');
    return (Array.isArray(items) ? items : [])
      .filter((c) => pick(c, 'snippet', 'assignable') !== false)
      .map((c) => ({
        id: need(pick(c, 'id'), 'category id'),
        name: String(pick(c, 'snippet', 'title') ?? ''),
      }))
      .filter((c) => !q || c.name.toLowerCase().includes(q.toLowerCase()));
  },
};
