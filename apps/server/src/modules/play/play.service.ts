import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { playRoutes } from '@stromwerk/contracts/api/play';
import { fillPath } from '@stromwerk/contracts/api/route';
import type { PlaySession, ProgramInput } from '@stromwerk/contracts/outputs';
import { playlistSeconds } from '@stromwerk/media/vod-args';
import { jwtVerify, SignJWT } from 'jose';
import { AppError, notFound } from '../../lib/app-error';
import type { TokenService } from '../auth/token.service';
import type { MediaLinks } from '../medias/media-links';
import type { OutputRow, OutputsRepository } from '../outputs/outputs.repository';
import type { ProgramEngine } from '../outputs/program-engine';
import type { ViewersRepository } from '../outputs/viewers.repository';
import { readVod } from '../outputs/vod-packager';
import type { UsageMeter } from '../usage/usage-meter';

const TOKEN_HOURS = 12;

const scopeOf = (row: OutputRow) => ({ corporationId: row.corporationId, workspaceId: row.workspaceId });

/** Changing passwords or the whitelist invalidates every viewer token handed out before. */
const rulesVersion = (row: OutputRow) =>
  createHash('sha256')
    .update(JSON.stringify([row.passwords, row.settings.whitelist]))
    .digest('base64url')
    .slice(0, 12);

/** `*.example.com` matches sub.example.com; `example.com` matches itself (any port unless one is given). */
export function originAllowed(origin: string, whitelist: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return whitelist.some((entry) => {
    const [name, port] = entry.split(':') as [string, string | undefined];
    if (port && url.port !== port) return false;
    return name.startsWith('*.') ? host.endsWith(name.slice(1)) : host === name;
  });
}

/** What a browser tells about the page behind a request: the Origin header, the Referer, our Host. */
export interface RequestOrigin {
  origin?: string;
  referer?: string;
  host?: string;
}

const originOf = (value: string | undefined): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

const notAllowed = () => new AppError('DOMAIN_NOT_ALLOWED', 'This player may not be embedded on this site');

/**
 * The public side of a player & recorder. A viewer passes the access rules once (password, embedding
 * origin, viewer limit) and gets a signed token; every playlist and segment request must carry it.
 */
export class PlayService {
  engine: ProgramEngine | undefined;
  /** Viewer sessions, watch time, peak viewers and the bytes served are metered (issue 17). */
  meter: UsageMeter | undefined;
  /** On PostgreSQL: viewers counted across every process (issue 19); else the engine's registry. */
  sharedViewers: ViewersRepository | undefined;

  constructor(
    private readonly outputs: OutputsRepository,
    private readonly tokens: TokenService,
    private readonly links: MediaLinks,
    private readonly publicUrl: string,
  ) {}

  /** Our own origin: PUBLIC_URL's, or the one the request was sent to (same host). */
  private isOwn(origin: string, req: RequestOrigin): boolean {
    return origin === originOf(this.publicUrl) || (!!req.host && new URL(origin).host === req.host);
  }

  /**
   * With a whitelist, a session is issued only for an embedding origin on it (or our own player page
   * opened directly), asked for by a page of that origin or of ours (the browser's Origin header, which
   * scripts in a browser cannot forge). Returns the embedding origin the token is bound to.
   */
  private embedding(row: OutputRow, claimed: string | undefined, req: RequestOrigin): string | null {
    const whitelist = row.settings.whitelist;
    if (whitelist.length === 0) return null;
    const embed = originOf(claimed);
    const caller = originOf(req.origin);
    if (!embed || !caller) throw notAllowed();
    if (!this.isOwn(embed, req) && !originAllowed(embed, whitelist)) throw notAllowed();
    if (caller !== embed && !this.isOwn(caller, req)) throw notAllowed();
    return embed;
  }

  private async output(id: string) {
    const row = await this.outputs.byId(id);
    if (!row) throw notFound('Player');
    return row;
  }

  /** The page's frame-ancestors: our own origin and the whitelisted domains; anyone when none are set. */
  async frameAncestors(id: string): Promise<string> {
    const row = await this.outputs.byId(id);
    const list = row?.settings.whitelist ?? [];
    if (list.length === 0) return '*';
    return ["'self'", ...list.flatMap((d) => [`http://${d}`, `https://${d}`])].join(' ');
  }

  async session(
    id: string,
    body: { password?: string; embedOrigin?: string },
    req: RequestOrigin = {},
  ): Promise<PlaySession> {
    const row = await this.output(id);
    const s = row.settings;
    const embed = this.embedding(row, body.embedOrigin, req);
    if (row.passwords.length > 0 && !row.passwords.includes(body.password ?? ''))
      throw new AppError(
        'PASSWORD_REQUIRED',
        body.password ? 'password: Wrong password' : 'password: This player needs a password',
        [{ field: 'password', message: body.password ? 'Wrong password' : 'Required' }],
      );
    const viewerId = randomUUID();
    // Counted from the start, so viewer N+1 is refused even before N fetched a playlist.
    const watching = await this.admit(id, viewerId, s.viewerLimitEnabled ? s.viewerLimit : null);
    if (watching === null)
      throw new AppError(
        'VIEWER_LIMIT_REACHED',
        'This stream is full: the most viewers it allows are watching',
      );
    await this.outputs.addStatistics(id, { views: 1, peak: watching });
    // A unique viewer is a viewer session (one per page load): exact across processes, summable.
    this.meter?.add(scopeOf(row), 'unique_viewers', 1);
    const token = await new SignJWT({ o: id, r: rulesVersion(row), ...(embed ? { eo: embed } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(viewerId)
      .setExpirationTime(`${TOKEN_HOURS}h`)
      .sign(await this.tokens.secret());
    return this.describe(row, token);
  }

  /** Takes a place for a new viewer; the viewers watching then, or null when the limit is reached. */
  private async admit(id: string, viewerId: string, limit: number | null): Promise<number | null> {
    if (this.sharedViewers) return this.sharedViewers.admit(id, viewerId, limit);
    const viewers = this.engine?.viewers;
    if (!viewers) return 0;
    if (limit !== null && viewers.count(id) >= limit) return null;
    viewers.seen(id, viewerId);
    return viewers.count(id);
  }

  private async watching(id: string) {
    return this.sharedViewers ? this.sharedViewers.count(id) : (this.engine?.viewers.count(id) ?? 0);
  }

  async describe(row: OutputRow, token: string): Promise<PlaySession> {
    const s = row.settings;
    const input = row.input as ProgramInput;
    const dir = this.engine?.hlsDir(row.id);
    const vod = input === 'vod' && dir ? await readVod(dir) : null;
    return {
      token,
      name: row.name,
      input,
      hlsUrl:
        input === 'offline'
          ? null
          : `/v1${fillPath(playRoutes.playlist.path, { id: row.id })}?t=${encodeURIComponent(token)}`,
      latency: s.latency,
      background: s.background,
      direction: s.direction,
      overlay: s.overlay
        ? {
            url: await this.links.link(s.overlay.mediaId, 'original'),
            x: s.overlay.x,
            y: s.overlay.y,
            width: s.overlay.width,
            height: s.overlay.height,
          }
        : null,
      commentsEnabled: s.commentsEnabled,
      moderation: s.moderation,
      vodSeconds: vod ? playlistSeconds(vod) : null,
      viewers: await this.watching(row.id),
    };
  }

  /**
   * Checks a viewer token for this output; returns the row and the viewer id. A token bound to an
   * embedding origin is refused on requests whose Origin (or Referer) names another site: a token
   * fetched by a script does not play in a page of a site that is not on the whitelist.
   */
  async verify(id: string, token: string, req: RequestOrigin = {}) {
    const row = await this.output(id);
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, await this.tokens.secret(), { algorithms: ['HS256'] }));
      if (payload.o !== id || payload.r !== rulesVersion(row) || typeof payload.sub !== 'string')
        throw new Error('mismatch');
    } catch {
      throw new AppError('VIEWER_TOKEN_INVALID', 'The viewer token is missing, expired or no longer valid');
    }
    const from = originOf(req.origin) ?? originOf(req.referer);
    if (typeof payload.eo === 'string' && from && from !== payload.eo && !this.isOwn(from, req))
      throw notAllowed();
    return { row, viewerId: payload.sub as string, member: payload.m === 1 };
  }

  /**
   * The DVR playlist address for a workspace member's tools (Clipping Tool): a viewer token marked as a
   * member's, valid for an hour, that is neither counted as a view nor as a viewer. The caller's access
   * to the output is checked by the caller of this method.
   */
  async memberPlaylistUrl(row: OutputRow, userId: string) {
    const token = await new SignJWT({ o: row.id, r: rulesVersion(row), m: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(`member:${userId}`)
      .setExpirationTime('1h')
      .sign(await this.tokens.secret());
    return `/v1${fillPath(playRoutes.playlist.path, { id: row.id })}?t=${encodeURIComponent(token)}`;
  }

  async state(id: string, token: string, req: RequestOrigin = {}) {
    const { row } = await this.verify(id, token, req);
    return this.describe(row, token);
  }

  /**
   * The program's playlist with the token added to every segment address; counts the viewer. While the
   * program is the recording of the last stream, that is its VOD playlist (once it is complete).
   */
  async playlist(id: string, token: string, req: RequestOrigin = {}) {
    const { row, viewerId, member } = await this.verify(id, token, req);
    const dir = this.engine?.hlsDir(id);
    const text = !dir
      ? null
      : row.input === 'vod'
        ? await readVod(dir)
        : await readFile(join(dir, 'index.m3u8'), 'utf8').catch(() => null);
    if (!text) throw notFound('Playlist');
    if (!member) {
      // Watch time between a viewer's requests to this process (behind round-robin they add up).
      const watched = this.engine!.viewers.seen(id, viewerId);
      await this.sharedViewers?.seen(id, viewerId);
      const watching = await this.watching(id);
      await this.outputs.addStatistics(id, { watchSeconds: watched, peak: watching });
      this.meter?.add(scopeOf(row), 'viewer_seconds', watched);
      this.meter?.gauge(scopeOf(row), 'peak_viewers', watching);
    }
    const t = encodeURIComponent(token);
    const body = text
      .split('\n')
      .map((line) => (line && !line.startsWith('#') ? `${line.trim()}?t=${t}` : line))
      .join('\n');
    this.meter?.add(scopeOf(row), 'egress_bytes', Buffer.byteLength(body));
    return body;
  }

  async segment(id: string, file: string, token: string, req: RequestOrigin = {}) {
    const { row } = await this.verify(id, token, req);
    const path = join(this.engine?.hlsDir(id) ?? '/nonexistent', file);
    const size = await stat(path).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) throw notFound('Segment');
    // Counted when served: a viewer that drops the connection midway is still billed the segment.
    this.meter?.add(scopeOf(row), 'egress_bytes', size);
    return { stream: createReadStream(path), size };
  }
}
