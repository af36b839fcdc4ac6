// The live part of YouTube's API for the browser flows (issue 20): broadcasts, non-reusable streams, bind
// and transitions, with an RTMP ingest on loopback (node-media-server accepting any stream name) playing
// YouTube's. A broadcast goes live when data arrives at its stream (YouTube's auto start) and is
// `complete` after the transition. Token checks stay with the caller (social-stand-ins.mjs).
import NodeMediaServer from 'node-media-server';
import { freePort } from './test-support.mjs';

async function readJson(req) {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw ? JSON.parse(raw) : undefined;
}

export async function startYoutubeLive() {
  const port = await freePort();
  const nms = new NodeMediaServer({ bind: '127.0.0.1', rtmp: { port, chunk_size: 60000, gop_cache: false } });
  const broadcasts = new Map();
  const streamOf = new Map();
  let seq = 0;
  nms.on('postPublish', (session) => {
    const b = broadcasts.get(streamOf.get(session.streamName));
    if (b && b.status === 'ready') b.status = 'live';
  });
  await nms.run();
  const ingest = `rtmp://127.0.0.1:${port}/live2`;

  /** Answers a live call; false for any other path. */
  async function handle(req, res, url) {
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    const q = Object.fromEntries(url.searchParams);
    const path = url.pathname;
    if (req.method === 'POST' && path === '/youtube/v3/liveBroadcasts') {
      const body = await readJson(req);
      const id = `e2e-bc-${++seq}`;
      broadcasts.set(id, { status: 'created', title: body?.snippet?.title });
      send(200, { id, snippet: body?.snippet });
    } else if (req.method === 'POST' && path === '/youtube/v3/liveStreams') {
      const id = `e2e-st-${++seq}`;
      send(200, {
        id,
        cdn: { ingestionType: 'rtmp', ingestionInfo: { ingestionAddress: ingest, streamName: id } },
      });
    } else if (req.method === 'POST' && path === '/youtube/v3/liveBroadcasts/bind') {
      const b = broadcasts.get(q.id);
      if (!b) return send(404, { error: { code: 404, message: 'Broadcast not found' } }) ?? true;
      b.status = 'ready';
      streamOf.set(q.streamId, q.id);
      send(200, { id: q.id });
    } else if (req.method === 'POST' && path === '/youtube/v3/liveBroadcasts/transition') {
      const b = broadcasts.get(q.id);
      if (!b) return send(404, { error: { code: 404, message: 'Broadcast not found' } }) ?? true;
      b.status = q.broadcastStatus;
      send(200, { id: q.id, status: { lifeCycleStatus: b.status } });
    } else if (req.method === 'DELETE' && path === '/youtube/v3/liveBroadcasts') {
      broadcasts.delete(q.id);
      send(204);
    } else if (req.method === 'PUT' && path === '/youtube/v3/videos') {
      send(200, await readJson(req));
    } else if (req.method === 'GET' && path === '/youtube/v3/videoCategories') {
      send(200, { items: [{ id: '20', snippet: { title: 'Gaming', assignable: true } }] });
    } else if (req.method === 'GET' && path === '/e2e/broadcasts') {
      // For the browser tests: what YouTube would show in its Studio.
      send(200, Object.fromEntries(broadcasts));
    } else return false;
    return true;
  }
  return { handle, stop: () => nms.stop() };
}
