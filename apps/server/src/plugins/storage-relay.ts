/**
 * How ffmpeg reads an S3 object without a credential on its command line (issue 30 item 4). A presigned
 * address is a bearer credential for the object for as long as it is valid (a week, for a looping
 * fallback or a long render), and `ps` shows every process's arguments to every local user. Instead,
 * ffmpeg gets an address of this relay: a small HTTP server on 127.0.0.1 (a port of the system's
 * choosing) that the server process starts on first use. It answers
 * - only a connection made by a process of the server's own user (the socket's owner in /proc/net/tcp):
 *   another local user who reads the address from `ps` gets 403; a process of our own user could read
 *   the S3 keys from our environment anyway;
 * - only an address this process signed (HMAC with a key that never leaves memory, an expiry), so the
 *   address names exactly one object;
 * and it streams that object from storage with the byte range asked for, so ffmpeg seeks as it did on
 * S3. The object key in the address is no secret: local storage puts the same key in a path.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseRange } from '../lib/byte-range';
import { socketOwner } from './socket-owner';

export interface RelayedStorage {
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | null>;
}

/** As long as the presigned addresses were: a looping fallback or a long render reads for days. */
const VALID_SECONDS = 7 * 24 * 3600;

export interface StorageRelay {
  /** The address ffmpeg opens to read `key`. */
  address(key: string): Promise<string>;
  close(): Promise<void>;
}

export function storageRelay(storage: RelayedStorage, validSeconds = VALID_SECONDS): StorageRelay {
  const secret = randomBytes(32);
  const sign = (expires: number, key: string) =>
    createHmac('sha256', secret).update(`${expires}\n${key}`).digest('base64url');
  let listening: Promise<{ server: Server; port: number }> | undefined;

  function start() {
    const server = createServer((req, res) => {
      answer(req, res).catch((e: Error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(e.message);
        else res.destroy();
      });
    });
    // ffmpeg's reads must never keep the server process alive on their own.
    server.unref();
    return new Promise<{ server: Server; port: number }>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port }));
    });
  }

  /** The object key of a valid signed path `/<expires>/<signature>/<key>`, else null. */
  function keyOf(url: string): string | null {
    const m = /^\/(\d{1,12})\/([\w-]{43})\/(.+)$/.exec(url.split('?')[0]!);
    if (!m) return null;
    const [, expires, signature, encoded] = m as unknown as [string, string, string, string];
    let key: string;
    try {
      key = decodeURIComponent(encoded);
    } catch {
      return null;
    }
    const expected = Buffer.from(sign(Number(expires), key));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return Number(expires) * 1000 >= Date.now() ? key : null;
  }

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const own = process.getuid?.();
    const owner = await socketOwner(req.socket.remotePort ?? 0, req.socket.localPort ?? 0);
    if (own === undefined || owner !== own) return void res.writeHead(403).end();
    const key = keyOf(req.url ?? '');
    if (key === null) return void res.writeHead(403).end();
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();
    const total = await storage.size(key);
    if (total === null) return void res.writeHead(404).end();
    const range = req.headers.range ? parseRange(req.headers.range, total) : undefined;
    if (range === null) return void res.writeHead(416, { 'content-range': `bytes */${total}` }).end();
    const headers = { 'accept-ranges': 'bytes', 'content-type': 'application/octet-stream' };
    if (!range) res.writeHead(200, { ...headers, 'content-length': total });
    else
      res.writeHead(206, {
        ...headers,
        'content-length': range.end - range.start + 1,
        'content-range': `bytes ${range.start}-${range.end}/${total}`,
      });
    if (req.method === 'HEAD' || total === 0) return void res.end();
    // ffmpeg closes a read it no longer needs (a seek): the storage stream goes with it.
    await pipeline(storage.read(key, range ?? { start: 0, end: total - 1 }), res).catch(() => undefined);
  }

  return {
    async address(key) {
      if (!listening) {
        listening = start();
        // A failed listen is tried again by the next address asked for.
        listening.catch(() => (listening = undefined));
      }
      const { port } = await listening;
      const expires = Math.floor(Date.now() / 1000) + validSeconds;
      const path = key.split('/').map(encodeURIComponent).join('/');
      return `http://127.0.0.1:${port}/${expires}/${sign(expires, key)}/${path}`;
    },
    async close() {
      if (!listening) return;
      const { server } = await listening;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
