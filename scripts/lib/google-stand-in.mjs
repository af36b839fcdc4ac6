// A stand-in for the Google APIs Stromwerk calls (issue 20), used by the API tests and the e2e runner:
// YouTube's "who am I" and videos.insert, Drive's about, files (folders) and files.create, both uploads
// through Google's resumable protocol (developers.google.com/youtube/v3/guides/using_resumable_upload_protocol):
//   POST /upload/...?uploadType=resumable (X-Upload-Content-Length, metadata as JSON) -> 200, Location
//   PUT <Location> with Content-Range: bytes a-b/total -> 308 Range: bytes=0-n, or 200/201 with the resource
//   PUT <Location> with Content-Range: bytes */total   -> how much the server has (308) or the resource
// Every API call must carry a bearer token the OAuth server signed (checked against its JWKS). With
// `dropAfterBytes`, the first upload that passes that many bytes has its connection cut on purpose; the
// server keeps what arrived, rounded down to 256 KiB as Google does, so the client must ask and resume.
// `extra(req, res, url)` may answer more routes first (the e2e runner's going-live stand-in); true = answered.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';

const QUANTUM = 256 * 1024;
const FOLDER = 'application/vnd.google-apps.folder';

export async function startGoogleStandIn({ issuerUrl, dropAfterBytes = 0, extra }) {
  const jwks = createRemoteJWKSet(new URL(`${issuerUrl}/jwks`));
  /** Every resumable session: kind, metadata, bytes received, the finished resource. */
  const uploads = [];
  const folders = [];
  const stats = { drops: 0, offsetQueries: 0, refusedTokens: 0 };
  let dropPending = dropAfterBytes > 0;
  let base = '';

  const authorized = async (req) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: issuerUrl });
      return payload;
    } catch {
      stats.refusedTokens++;
      return null;
    }
  };
  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const readJson = async (req) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    return raw ? JSON.parse(raw) : {};
  };

  function finish(upload) {
    const id = upload.kind === 'youtube' ? `vid-${uploads.indexOf(upload) + 1}` : randomUUID();
    const m = upload.metadata;
    upload.resource =
      upload.kind === 'youtube'
        ? {
            kind: 'youtube#video',
            id,
            snippet: m.snippet ?? {},
            status: { ...m.status, uploadStatus: 'uploaded' },
          }
        : {
            id,
            name: m.name,
            parents: m.parents ?? [],
            webViewLink: `https://drive.google.com/file/d/${id}/view`,
          };
  }
  const rangeHeader = (upload) => (upload.received > 0 ? { range: `bytes=0-${upload.received - 1}` } : {});

  async function put(req, res, upload) {
    const header = String(req.headers['content-range'] ?? '');
    const query = /^bytes \*\/(\d+)$/.exec(header);
    if (query) {
      stats.offsetQueries++;
      for await (const _ of req);
      if (upload.resource) return send(res, 200, upload.resource);
      return send(res, 308, undefined, rangeHeader(upload));
    }
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header);
    if (!m || Number(m[3]) !== upload.total || Number(m[1]) !== upload.received)
      return send(res, 400, { error: { code: 400, message: `bad Content-Range ${header}` } });
    const parts = [];
    let got = 0;
    for await (const chunk of req) {
      parts.push(chunk);
      got += chunk.length;
      if (dropPending && upload.received + got >= dropAfterBytes) {
        dropPending = false;
        stats.drops++;
        const kept = Math.floor((upload.received + got) / QUANTUM) * QUANTUM - upload.received;
        upload.chunks.push(Buffer.concat(parts).subarray(0, Math.max(0, kept)));
        upload.received += Math.max(0, kept);
        req.socket.destroy();
        return;
      }
    }
    upload.chunks.push(Buffer.concat(parts));
    upload.received += got;
    if (upload.received < upload.total) return send(res, 308, undefined, rangeHeader(upload));
    finish(upload);
    return send(res, 200, upload.resource);
  }

  async function start(req, res, kind) {
    if (!(await authorized(req)))
      return send(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
    const total = Number(req.headers['x-upload-content-length']);
    if (!Number.isSafeInteger(total) || total <= 0)
      return send(res, 400, { error: { code: 400, message: 'X-Upload-Content-Length required' } });
    const upload = { id: randomUUID(), kind, metadata: await readJson(req), total, received: 0, chunks: [] };
    uploads.push(upload);
    return send(res, 200, {}, { location: `${base}/upload/session/${upload.id}?upload_id=${upload.id}` });
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', base);
      const path = url.pathname;
      // More routes on the same address (going live): signed callers, and the specs' own /e2e/ state.
      if (extra && (path.startsWith('/e2e/') || (await authorized(req))) && (await extra(req, res, url)))
        return;
      if (req.method === 'PUT' && path.startsWith('/upload/session/')) {
        const upload = uploads.find((u) => u.id === path.slice('/upload/session/'.length));
        return upload ? await put(req, res, upload) : send(res, 404, { error: { code: 404 } });
      }
      if (req.method === 'POST' && url.searchParams.get('uploadType') === 'resumable') {
        if (path === '/upload/youtube/v3/videos') return await start(req, res, 'youtube');
        if (path === '/upload/drive/v3/files') return await start(req, res, 'drive');
      }
      const user = await authorized(req);
      if (!user) return send(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
      if (req.method === 'GET' && path === '/youtube/v3/channels')
        return send(res, 200, {
          items: [{ id: `UC-${user.sub}`, snippet: { title: 'Stand-in Channel', thumbnails: {} } }],
        });
      if (req.method === 'GET' && path === '/drive/v3/about')
        return send(res, 200, { user: { permissionId: `drive-${user.sub}`, displayName: 'Stand-in Drive' } });
      if (req.method === 'GET' && path === '/drive/v3/files') {
        const q = url.searchParams.get('q') ?? '';
        const parent = /'([^']+)' in parents/.exec(q)?.[1] ?? 'root';
        const files = q.includes(FOLDER) ? folders.filter((f) => f.parents.includes(parent)) : [];
        return send(res, 200, { files: files.map(({ id, name }) => ({ id, name })) });
      }
      if (req.method === 'POST' && path === '/drive/v3/files') {
        const body = await readJson(req);
        if (body.mimeType !== FOLDER)
          return send(res, 400, { error: { code: 400, message: 'only folders' } });
        const folder = { id: randomUUID(), name: body.name, parents: body.parents ?? ['root'] };
        folders.push(folder);
        return send(res, 200, { id: folder.id, name: folder.name });
      }
      return send(res, 404, { error: { code: 404, message: `no ${req.method} ${path}` } });
    } catch (e) {
      if (!res.headersSent) send(res, 500, { error: { code: 500, message: String(e) } });
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: base,
    uploads,
    folders,
    stats,
    /** The bytes of a finished or partial upload. */
    bytesOf: (upload) => Buffer.concat(upload.chunks),
    /** Cut the next upload once it passes this many bytes. */
    dropNextAfter(bytes) {
      dropPending = true;
      dropAfterBytes = bytes;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
