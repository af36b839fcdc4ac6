import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';

/** A call a stand-in received (method, path, query and body), for tests to look at. */
export interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  token: string;
}

/**
 * Stand-ins of the live parts of the platforms' APIs (design notes 4.6): each answers only a bearer token
 * the authorization server signed (checked against its JWKS), implements only what Stromwerk calls, and
 * keeps the state a real platform would (a YouTube broadcast's life cycle, a Facebook live video's status).
 * `ingest` is the RTMP address they hand out: a receiver on loopback, playing the platform's ingest.
 */
export async function startLiveStandIns(issuerUrl: string, ingest: string) {
  const jwks = createRemoteJWKSet(new URL(`${issuerUrl}/jwks`));
  const received: Received[] = [];
  const broadcasts = new Map<
    string,
    { status: string; streamId?: string; snippet: unknown; status0: unknown }
  >();
  const liveVideos = new Map<string, { status: string; owner: string }>();
  let seq = 0;
  /** The next call to this path answers this error (the platform's own words). */
  const failNext = new Map<string, { status: number; body: unknown }>();
  const app = Fastify();

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const path = req.url.split('?')[0]!;
    const query = req.query as Record<string, string>;
    received.push({ method: req.method, path, query, body: req.body, token });
    const pageToken = token.startsWith('page-token-');
    try {
      if (!pageToken) await jwtVerify(token, jwks, { issuer: issuerUrl });
    } catch {
      return reply.status(401).send({ error: { code: 401, message: 'Invalid Credentials' } });
    }
    const fail = failNext.get(path);
    if (fail) {
      failNext.delete(path);
      return reply.status(fail.status).send(fail.body);
    }
  });

  // --- YouTube Data API v3 ---
  app.get('/youtube/v3/channels', async () => ({
    items: [
      { id: 'UC-main', snippet: { title: 'Stand-in Channel' } },
      { id: 'UC-brand', snippet: { title: 'Brand Channel' } },
    ],
  }));
  app.get('/youtube/v3/videoCategories', async (req) => ({
    items: [
      {
        id: '20',
        snippet: { title: `Gaming (${(req.query as { regionCode: string }).regionCode})`, assignable: true },
      },
      { id: '22', snippet: { title: 'People & Blogs', assignable: true } },
      { id: '18', snippet: { title: 'Short Movies', assignable: false } },
    ],
  }));
  app.post('/youtube/v3/liveBroadcasts', async (req) => {
    const id = `bc-${++seq}`;
    const body = req.body as { snippet: unknown; status: unknown };
    broadcasts.set(id, { status: 'created', snippet: body.snippet, status0: body.status });
    return { id, snippet: body.snippet, status: { ...(body.status as object), lifeCycleStatus: 'created' } };
  });
  app.post('/youtube/v3/liveStreams', async () => {
    const id = `st-${++seq}`;
    return {
      id,
      cdn: { ingestionType: 'rtmp', ingestionInfo: { ingestionAddress: ingest, streamName: `key-${id}` } },
    };
  });
  app.post('/youtube/v3/liveBroadcasts/bind', async (req, reply) => {
    const q = req.query as { id: string; streamId: string };
    const b = broadcasts.get(q.id);
    if (!b) return reply.status(404).send({ error: { code: 404, message: 'Broadcast not found' } });
    b.streamId = q.streamId;
    b.status = 'ready';
    return { id: q.id, contentDetails: { boundStreamId: q.streamId } };
  });
  app.put('/youtube/v3/videos', async (req) => req.body);
  app.post('/youtube/v3/liveBroadcasts/transition', async (req, reply) => {
    const q = req.query as { id: string; broadcastStatus: string };
    const b = broadcasts.get(q.id);
    if (!b) return reply.status(404).send({ error: { code: 404, message: 'Broadcast not found' } });
    if (q.broadcastStatus === 'complete' && !['ready', 'testing', 'live'].includes(b.status))
      return reply.status(403).send({ error: { code: 403, message: 'Invalid transition' } });
    b.status = q.broadcastStatus;
    return { id: q.id, status: { lifeCycleStatus: b.status } };
  });
  app.delete('/youtube/v3/liveBroadcasts', async (req, reply) => {
    broadcasts.delete((req.query as { id: string }).id);
    return reply.status(204).send();
  });

  // --- Facebook Graph API ---
  app.get('/me', async () => ({ id: 'fb-user', name: 'Stand-in Person' }));
  app.get('/me/accounts', async () => ({
    data: [{ id: 'page-1', name: 'Stand-in Page', access_token: 'page-token-1' }],
  }));
  app.post('/:owner/live_videos', async (req, reply) => {
    const owner = (req.params as { owner: string }).owner;
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    // A page broadcasts only with its own token, as Graph demands.
    if (owner !== 'me' && token !== `page-token-${owner.replace('page-', '')}`)
      return reply.status(403).send({ error: { message: '(#200) Requires a page access token', code: 200 } });
    const id = `lv-${++seq}`;
    liveVideos.set(id, { status: 'LIVE', owner });
    return { id, secure_stream_url: `${ingest}/fb-${id}`, permalink_url: `/${owner}/videos/${id}` };
  });
  app.post('/:id', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const v = liveVideos.get(id);
    if (!v) return reply.status(404).send({ error: { message: 'Unknown live video' } });
    if ((req.query as { end_live_video?: string }).end_live_video === 'true') v.status = 'VOD';
    return { id };
  });

  // --- Twitch Helix ---
  app.get('/helix/users', async () => ({
    data: [{ id: 'tw-1', login: 'standin', display_name: 'Stand-in' }],
  }));
  app.patch('/helix/channels', async (_req, reply) => reply.status(204).send());
  app.get('/helix/streams/key', async () => ({ data: [{ stream_key: 'live_tw_key' }] }));
  app.get('/helix/search/categories', async (req) => ({
    data: [{ id: '509658', name: `Just Chatting (${(req.query as { query: string }).query})` }],
  }));

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    broadcasts,
    liveVideos,
    /** The next call to `path` answers `status` with `body`. */
    failNext: (path: string, status: number, body: unknown) => failNext.set(path, { status, body }),
    stop: () => app.close(),
  };
}
