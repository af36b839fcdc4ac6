import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SocialFolder } from '@stromwerk/contracts/social-posts';
import { type Client, FTPError } from 'basic-ftp';
import { type FtpCredentials, FtpOpenError, openFtp } from '../socials/ftp-check';

const MAX_FAILURES = 4;

/** A folder below the connection's base folder (`a/b`), as an absolute path on the server. */
export function ftpDir(creds: FtpCredentials, folder: string | null | undefined): string {
  const rel = (folder ?? '').split('/').filter((p) => p && p !== '.');
  if (rel.includes('..')) throw new Error('A folder must not contain ..');
  return posix.join('/', creds.basePath || '/', ...rel);
}

export interface FtpUpload {
  creds: FtpCredentials;
  allowPrivate: boolean;
  folder: string | null;
  fileName: string;
  size: number;
  /** The file from byte `start` on. */
  open(start: number): Readable;
  progress(sent: number): void;
  signal: AbortSignal;
}

/**
 * Uploads into the connection's folder (created when missing). A cut connection is resumed: log in again,
 * ask the SIZE of what arrived and APPEND the rest (the name is the post's own, so what is there is ours).
 * Answers the file's address, without user or password.
 */
export async function ftpUpload(o: FtpUpload): Promise<string> {
  const dir = ftpDir(o.creds, o.folder);
  const path = posix.join(dir, o.fileName);
  let failures = 0;
  for (;;) {
    o.signal.throwIfAborted();
    let client: Client | undefined;
    const close = () => client?.close();
    o.signal.addEventListener('abort', close);
    try {
      client = await openFtp(o.creds, o.allowPrivate);
      await client.ensureDir(dir);
      const there = await client.size(path).catch(() => 0);
      if (there < o.size) {
        client.trackProgress((info) => o.progress(there + info.bytes));
        const rest = o.open(there);
        if (there > 0) await client.appendFrom(rest, path);
        else await client.uploadFrom(rest, path);
      }
      const size = await client.size(path);
      if (size !== o.size) throw new Error(`The FTP server holds ${size} of ${o.size} bytes`);
      return addressOf(o.creds, path);
    } catch (e) {
      if (o.signal.aborted) throw o.signal.reason;
      // A refused login or folder is final; a cut connection is resumed.
      if (e instanceof FtpOpenError && e.code !== 'FTP_UNREACHABLE') throw e;
      if (e instanceof FTPError && e.code >= 500) throw e;
      if (++failures > MAX_FAILURES) throw e;
      await sleep(1000 * failures, undefined, { signal: o.signal });
    } finally {
      o.signal.removeEventListener('abort', close);
      close();
    }
  }
}

/** Subfolders of `parent` (below the base folder), as paths relative to it. */
export async function ftpFolders(creds: FtpCredentials, allowPrivate: boolean, parent?: string) {
  const client = await openFtp(creds, allowPrivate);
  try {
    const entries = await client.list(ftpDir(creds, parent));
    return entries
      .filter((e) => e.isDirectory && e.name !== '.' && e.name !== '..')
      .map((e): SocialFolder => ({ id: posix.join(parent ?? '', e.name), name: e.name }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } finally {
    client.close();
  }
}

export async function createFtpFolder(
  creds: FtpCredentials,
  allowPrivate: boolean,
  name: string,
  parent?: string,
): Promise<SocialFolder> {
  const client = await openFtp(creds, allowPrivate);
  try {
    const id = posix.join(parent ?? '', name);
    await client.ensureDir(ftpDir(creds, id));
    return { id, name };
  } finally {
    client.close();
  }
}

function addressOf(creds: FtpCredentials, path: string): string {
  const defaultPort = creds.port === 21;
  const host = creds.host.includes(':') ? `[${creds.host}]` : creds.host;
  return `${creds.protocol}://${host}${defaultPort ? '' : `:${creds.port}`}${encodeURI(path)}`;
}
