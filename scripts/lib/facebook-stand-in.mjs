// A stand-in for the Facebook Graph API calls Stromwerk makes to post a video to a page (issue 20), used
// by the API tests and usable by e2e (developers.facebook.com/docs/graph-api/guides/upload and
// /docs/video-api/guides/publishing):
//   GET  /me                                  who am I
//   GET  /me/accounts                         the user's pages, each with its own page token
//   POST /{app-id}/uploads?file_name&file_length&file_type          -> { id: "upload:<id>" }
//   POST /upload:<id>  Authorization: OAuth <user token>, file_offset -> { h: <handle> } once complete
//   GET  /upload:<id>                                               -> { id, file_offset }
//   POST /{page-id}/videos  (the page token) fbuploader_video_file_chunk, title, description -> { id }
// The user token must be one the OAuth server signed (checked against its JWKS); page tokens are issued
// here. With `dropNextAfter(bytes)`, the next upload request whose body passes that many bytes has its
// connection cut on purpose; the bytes that arrived are kept, so the client must ask and resume.
import { randomBytes, randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';

export async function startFacebookStandIn({
  issuerUrl,
  appId,
  pages = [{ id: '1000001', name: 'Stand-in Page' }],
}) {
  const jwks = createRemoteJWKSet(new URL(`${issuerUrl}/jwks`));
  /** Upload sessions: file fields, bytes received, the handle once complete. */
  const uploads = [];
  const videos = [];
  /** Page token -> page id. */
  const pageTokens = new Map();
  const stats = { drops: 0, offsetQueries: 0, accountLookups: 0, refusedTokens: 0 };
  let dropAfterBytes = 0;
  let base = '';

  const userOf = async (header, scheme) => {
    const token = String(header ?? '').startsWith(`${scheme} `)
      ? String(header).slice(scheme.length + 1)
      : '';
    try {
      return (await jwtVerify(token, jwks, { issuer: issuerUrl })).payload;
    } catch {
      stats.refusedTokens++;
      return null;
    }
  };
  const send = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  /** Graph's error shape. */
  const graphError = (res, status, message, code = 100) =>
    send(res, status, {
      error: { message, type: code === 190 ? 'OAuthException' : 'GraphMethodException', code },
    });
  const readJson = async (req) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    return raw ? JSON.parse(raw) : {};
  };

  async function receive(req, res, upload) {
    if (!(await userOf(req.headers.authorization, 'OAuth')))
      return graphError(res, 401, 'Invalid OAuth access token', 190);
    const offset = Number(req.headers.file_offset);
    if (offset !== upload.received)
      return graphError(res, 400, `file_offset ${req.headers.file_offset} is not ${upload.received}`);
    for await (const chunk of req) {
      const room = upload.total - upload.received;
      upload.chunks.push(chunk.subarray(0, room));
      upload.received += Math.min(room, chunk.length);
      if (dropAfterBytes > 0 && upload.received >= dropAfterBytes) {
        dropAfterBytes = 0;
        stats.drops++;
        req.socket.destroy();
        return;
      }
    }
    if (upload.received < upload.total)
      return graphError(res, 400, `received ${upload.received} of ${upload.total} bytes`);
    upload.handle ??= `2::${randomBytes(12).toString('hex')}`;
    return send(res, 200, { h: upload.handle });
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', base);
      const path = url.pathname;
      const session = /^\/(upload:[0-9a-f]+)$/.exec(path)?.[1];
      const upload = session && uploads.find((u) => u.id === session);
      if (session && !upload) return graphError(res, 404, 'Unknown upload session');
      if (upload && req.method === 'POST') return await receive(req, res, upload);
      const videosOf = /^\/([0-9]+)\/videos$/.exec(path)?.[1];
      if (videosOf && req.method === 'POST') {
        const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
        if (pageTokens.get(token) !== videosOf)
          return graphError(res, 403, 'A page access token is required to post to this page', 200);
        const body = await readJson(req);
        const done = uploads.find((u) => u.handle && u.handle === body.fbuploader_video_file_chunk);
        if (!done) return graphError(res, 400, 'fbuploader_video_file_chunk: unknown handle');
        const video = { id: String(randomInt(1e13, 2e14)), pageId: videosOf, upload: done, ...body };
        videos.push(video);
        return send(res, 200, { id: video.id });
      }
      const user = await userOf(req.headers.authorization, 'Bearer');
      if (!user) return graphError(res, 401, 'Invalid OAuth access token', 190);
      if (upload && req.method === 'GET') {
        stats.offsetQueries++;
        return send(res, 200, { id: upload.id, file_offset: upload.received });
      }
      if (req.method === 'GET' && path === '/me')
        return send(res, 200, { id: `fb-${user.sub}`, name: 'Stand-in Facebook', picture: { data: {} } });
      if (req.method === 'GET' && path === '/me/accounts') {
        stats.accountLookups++;
        const data = pages.map((p) => {
          const token = `page-${randomBytes(16).toString('hex')}`;
          pageTokens.set(token, p.id);
          return {
            id: p.id,
            name: p.name,
            category: 'Media',
            access_token: token,
            tasks: ['CREATE_CONTENT'],
          };
        });
        return send(res, 200, { data, paging: { cursors: { before: 'MA', after: 'MA' } } });
      }
      const appUploads = /^\/([^/]+)\/uploads$/.exec(path)?.[1];
      if (req.method === 'POST' && appUploads) {
        if (appUploads !== appId) return graphError(res, 400, `Unknown app ${appUploads}`, 803);
        const total = Number(url.searchParams.get('file_length'));
        if (!Number.isSafeInteger(total) || total <= 0) return graphError(res, 400, 'file_length required');
        const u = {
          id: `upload:${randomBytes(8).toString('hex')}`,
          fileName: url.searchParams.get('file_name'),
          fileType: url.searchParams.get('file_type'),
          total,
          received: 0,
          chunks: [],
          handle: null,
        };
        uploads.push(u);
        return send(res, 200, { id: u.id });
      }
      return graphError(res, 404, `Unknown path ${req.method} ${path}`, 803);
    } catch (e) {
      if (!res.headersSent) graphError(res, 500, String(e), 1);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: base,
    uploads,
    videos,
    stats,
    bytesOf: (upload) => Buffer.concat(upload.chunks),
    /** Cut the next upload request once its session has this many bytes. */
    dropNextAfter(bytes) {
      dropAfterBytes = bytes;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
