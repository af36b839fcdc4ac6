// A stand-in for the X API v2 calls Stromwerk makes (issue 20), used by the API tests and usable by e2e:
// "who am I" (GET /2/users/me), the chunked media upload (docs.x.com, "Chunked media upload"):
//   POST /2/media/upload  command=INIT media_type total_bytes media_category      -> data.id
//   POST /2/media/upload  command=APPEND media_id segment_index media (multipart) -> 204
//   POST /2/media/upload  command=FINALIZE media_id        -> data.processing_info pending, check_after_secs
//   GET  /2/media/upload?command=STATUS&media_id=          -> in_progress once, then succeeded
// and POST /2/tweets with text and media.media_ids. Every call must carry a bearer token the OAuth server
// signed (checked against its JWKS). A segment sent again replaces the earlier one (X keeps one per
// segment_index). With `dropNextAfter(bytes)`, the request during which the request bodies received since
// then pass that many bytes (an APPEND, as they carry the bytes) has its connection cut on purpose: nothing
// of that segment is kept, the client must send it again.
import { randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';

const MAX_SEGMENT = 5 * 1024 * 1024;

export async function startXStandIn({ issuerUrl }) {
  const jwks = createRemoteJWKSet(new URL(`${issuerUrl}/jwks`));
  /** Every media: INIT's fields, segments by index, its processing state. */
  const media = [];
  const posts = [];
  const stats = { drops: 0, appends: 0, statusPolls: 0, refusedTokens: 0 };
  let dropAfterBytes = 0;
  let sinceArmed = 0;
  let base = '';

  const authorized = async (req) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    try {
      return (await jwtVerify(token, jwks, { issuer: issuerUrl })).payload;
    } catch {
      stats.refusedTokens++;
      return null;
    }
  };
  const send = (res, status, body) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const problem = (res, status, detail) =>
    send(res, status, { title: status === 401 ? 'Unauthorized' : 'Invalid Request', detail, status });

  /** The raw body; cut once the bodies received since `dropNextAfter` pass its bytes. */
  async function bodyOf(req) {
    const parts = [];
    for await (const chunk of req) {
      parts.push(chunk);
      sinceArmed += chunk.length;
      if (dropAfterBytes > 0 && sinceArmed >= dropAfterBytes) {
        dropAfterBytes = 0;
        stats.drops++;
        req.socket.destroy();
        return null;
      }
    }
    return Buffer.concat(parts);
  }
  async function fields(req, url) {
    if (req.method === 'GET') return url.searchParams;
    const raw = await bodyOf(req);
    if (!raw) return null;
    const type = String(req.headers['content-type'] ?? '');
    if (type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(raw.toString());
    return new Request(base, { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
  }
  const processing = (m) => ({
    data: {
      id: m.id,
      media_key: `7_${m.id}`,
      ...(m.state === 'succeeded'
        ? {}
        : {
            processing_info: {
              state: m.state,
              check_after_secs: 1,
              progress_percent: m.state === 'pending' ? 0 : 50,
            },
          }),
    },
  });

  async function mediaUpload(req, res, url) {
    const f = await fields(req, url);
    if (!f) return;
    const command = f.get('command');
    if (command === 'INIT') {
      const total = Number(f.get('total_bytes'));
      if (!Number.isSafeInteger(total) || total <= 0) return problem(res, 400, 'total_bytes required');
      if (!String(f.get('media_type') ?? '').startsWith('video/')) return problem(res, 400, 'media_type');
      const m = {
        id: String(randomInt(1e13, 2e14)),
        mediaType: f.get('media_type'),
        category: f.get('media_category'),
        total,
        segments: new Map(),
        state: 'uploading',
      };
      media.push(m);
      return send(res, 200, { data: { id: m.id, media_key: `7_${m.id}`, expires_after_secs: 86400 } });
    }
    const m = media.find((x) => x.id === f.get('media_id'));
    if (!m) return problem(res, 400, 'unknown media_id');
    if (command === 'APPEND') {
      const index = Number(f.get('segment_index'));
      const blob = f.get('media');
      if (!Number.isInteger(index) || index < 0 || index > 999) return problem(res, 400, 'segment_index');
      if (!(blob instanceof Blob) || blob.size === 0 || blob.size > MAX_SEGMENT)
        return problem(res, 400, 'media: one segment of at most 5 MB');
      if (m.state !== 'uploading') return problem(res, 400, 'media already finalized');
      stats.appends++;
      m.segments.set(index, Buffer.from(await blob.arrayBuffer()));
      return send(res, 204);
    }
    if (command === 'FINALIZE') {
      const received = [...m.segments.values()].reduce((n, b) => n + b.length, 0);
      if (received !== m.total) return problem(res, 400, `received ${received} of ${m.total} bytes`);
      if (m.state === 'uploading') m.state = 'pending';
      return send(res, 200, processing(m));
    }
    if (command === 'STATUS') {
      stats.statusPolls++;
      if (m.state === 'uploading') return problem(res, 400, 'not finalized');
      m.state = m.state === 'pending' ? 'in_progress' : 'succeeded';
      return send(res, 200, processing(m));
    }
    return problem(res, 400, `unknown command ${command}`);
  }

  async function tweet(req, res, user) {
    const body = JSON.parse((await bodyOf(req))?.toString() || '{}');
    if (typeof body.text !== 'string' || [...body.text].length > 280) return problem(res, 400, 'text');
    const ids = body.media?.media_ids ?? [];
    for (const id of ids) {
      const m = media.find((x) => x.id === id);
      if (m?.state !== 'succeeded') return problem(res, 400, `media ${id} is not ready`);
    }
    const post = { id: String(randomInt(1e13, 2e14)), text: body.text, mediaIds: ids, author: user.sub };
    posts.push(post);
    return send(res, 201, { data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] } });
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', base);
      const user = await authorized(req);
      if (!user) return problem(res, 401, 'Unauthorized');
      if (url.pathname === '/2/media/upload') return await mediaUpload(req, res, url);
      if (req.method === 'POST' && url.pathname === '/2/tweets') return await tweet(req, res, user);
      if (req.method === 'GET' && url.pathname === '/2/users/me')
        return send(res, 200, { data: { id: `x-${user.sub}`, name: 'Stand-in X', username: 'standin' } });
      return problem(res, 404, `no ${req.method} ${url.pathname}`);
    } catch (e) {
      if (!res.headersSent) problem(res, 500, String(e));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: base,
    media,
    posts,
    stats,
    /** The bytes of a media, its segments in order. */
    bytesOf: (m) => Buffer.concat([...m.segments.entries()].sort(([a], [b]) => a - b).map(([, b]) => b)),
    /** Cut the request during which the bodies received from now on pass this many bytes. */
    dropNextAfter(bytes) {
      dropAfterBytes = bytes;
      sinceArmed = 0;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
