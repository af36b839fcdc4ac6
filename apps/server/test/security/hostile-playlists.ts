// Hostile playlists (issue 31 item 5): HLS, ffconcat and bare concat lists whose entries make ffmpeg read
// a local file (file:, absolute, ../), connect to an internal address (http://127.0.0.1) or stitch files
// through the concat: and subfile: protocols; and two tripwires that tell whether anything took the bait.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, mkdtempSync, openSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

/**
 * A named pipe standing for a private file (another tenant's segment: a media extension, which ffmpeg's
 * HLS demuxer would open from a local playlist): ffmpeg opening it for reading is seen here (our blocking
 * open for writing completes), however briefly it looks. `release()` unblocks our side at the end.
 */
export async function startCanary(path = join(mkdtempSync(join(tmpdir(), 'sw-canary-')), 'private.ts')) {
  mkdirSync(dirname(path), { recursive: true });
  execFileSync('mkfifo', [path]);
  let opened = false;
  let released = false;
  // Re-armed after every open, so a reader that took the bait gets end of file at once instead of
  // hanging on a pipe without a writer (and the next reader is seen too).
  const writer = (async () => {
    while (!released) {
      const handle = await open(path, 'w');
      if (!released) opened = true;
      await handle.close();
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    path,
    opened: () => opened,
    /** Forgets earlier opens (each test asks about its own). */
    reset() {
      opened = false;
    },
    async release() {
      released = true;
      // A reader of our own lets the pending open complete, so no thread stays blocked.
      const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
      await writer;
      closeSync(fd);
    },
  };
}

/** A TCP listener on loopback that counts every connection made to it (HTTP or anything else). */
export async function startTripwire() {
  const connections: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    connections.push(`${socket.remoteAddress}:${socket.remotePort}`);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    connections,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

export type EntryKind = 'file:' | 'absolute' | '../' | 'http loopback' | 'concat:' | 'subfile:';
export const ENTRY_KINDS: EntryKind[] = ['file:', 'absolute', '../', 'http loopback', 'concat:', 'subfile:'];

/**
 * One playlist entry of each kind aimed at `target` (a path; `../` climbs from `fromDir`, the folder the
 * playlist is stored in) or at the tripwire.
 */
export function entry(kind: EntryKind, target: string, tripwireUrl: string, fromDir: string): string {
  switch (kind) {
    case 'file:':
      return `file:${target}`;
    case 'absolute':
      return target;
    case '../':
      return relative(fromDir, target);
    case 'http loopback':
      return `${tripwireUrl}/segment.ts`;
    case 'concat:':
      return `concat:${target}|${target}`;
    case 'subfile:':
      return `subfile,,start,0,end,64,,:${target}`;
  }
}

export type ListFormat = 'm3u8' | 'ffconcat' | 'concat';
export const LIST_FORMATS: { format: ListFormat; filename: string }[] = [
  { format: 'm3u8', filename: 'playlist.m3u8' },
  { format: 'ffconcat', filename: 'list.ffconcat' },
  // The concat demuxer's list without its header: only `-f concat` would read it.
  { format: 'concat', filename: 'list.txt' },
];

/** A list of `format` naming every entry in turn (the first one is the one a reader opens first). */
export function hostileList(format: ListFormat, entries: string[]): Buffer {
  const quote = (e: string) => `'${e.replaceAll("'", "'\\''")}'`;
  if (format === 'm3u8')
    return Buffer.from(
      `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n${entries.map((e) => `#EXTINF:1.0,\n${e}\n`).join('')}#EXT-X-ENDLIST\n`,
    );
  const body = entries.map((e) => `file ${quote(e)}\n`).join('');
  return Buffer.from(format === 'ffconcat' ? `ffconcat version 1.0\n${body}` : body);
}
