import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { playRoutes } from '@stromwerk/contracts/api/play';
import { fillPath } from '@stromwerk/contracts/api/route';
import type { PlaySession, ProgramInput } from '@stromwerk/contracts/outputs';
import { MULTIVARIANT_NAME } from '@stromwerk/media/abr-ladder';
import { isLlPlaylist, playlistEdge, playlistHas, tooFarAhead } from '@stromwerk/media/ll-hls-playlist';
import { playlistSeconds } from '@stromwerk/media/vod-args';
import { jwtVerify, SignJWT } from 'jose';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../../plugins/auth';
import type { AccessService } from '../access/access.service';
import type { TokenService } from '../auth/token.service';
import type { MediaLinks } from '../medias/media-links';
import type { OutputRow, OutputsRepository } from '../outputs/outputs.repository';
import { programDir } from '../outputs/program-engine';
import type { Viewers } from '../outputs/viewers';
import { readRungVod, readVod, readVodMultivariant } from '../outputs/vod-packager';
import type { UsageMeter } from '../usage/usage-meter';
import { type Addressing, presentPlaylist } from './playlist-text';
import { PlaylistWaits } from './playlist-waits';
import { notAllowed, originAllowed, originOf, type RequestOrigin } from './viewer-origin';
import { ViewerThrottle } from './viewer-throttle';

const TOKEN_HOURS = 12;

/** A blocking reload waits at most this many target durations (the spec's minimum is three). */
const BLOCK_TARGET_DURATIONS = 3;
/** How long a request for the next part (the preload hint) waits for it. */
const PART_WAIT_MS = 3000;

const CONTENT_TYPES: Record<string, string> = {
  ts: 'video/mp2t',
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
};

/** Delivery directives: a blocking reload of low latency (`_HLS_msn`, `_HLS_part`), a delta update (`_HLS_skip`). */
export interface PlaylistRequest {
  msn?: number;
  part?: number;
  skip?: 'YES' | 'v2';
}

/** The HLS addresses of a viewer token: its files relative to a signed path prefix, no token per line. */
const signedPlaylistUrl = (
  id: string,
  token: string,
  route: 'signedPlaylist' | 'signedMultivariant' = 'signedPlaylist',
) => `/v1${fillPath(playRoutes[route].path, { id, token: encodeURIComponent(token) })}`;

/** Which playlist of the program: the top rung's (the only one without a ladder), the multivariant, a lower rung's. */
export type PlaylistVariant = { kind: 'index' } | { kind: 'multivariant' } | { kind: 'rung'; rung: string };

/** A player whose program has a quality ladder (program-ladder.ts). */
const laddered = (s: OutputRow['settings']) => (s.ladder?.length ?? 0) > 0;

const scopeOf = (row: OutputRow) => ({ corporationId: row.corporationId, workspaceId: row.workspaceId });

/** Changing passwords or the whitelist invalidates every viewer token handed out before. */
const rulesVersion = (row: OutputRow) =>
  createHash('sha256')
    .update(JSON.stringify([row.passwords, row.settings.whitelist]))
    .digest('base64url')
    .slice(0, 12);

/**
 * The public side of a player & recorder. A viewer passes the access rules once (password, embedding
 * origin, viewer limit) and gets a signed token; every playlist and segment request must carry it.
 */
export class PlayService {
  private readonly waits = new PlaylistWaits();
  private readonly counted = new ViewerThrottle();

  /**
   * `viewers`: on PostgreSQL counted across every process (issue 19), else in this process's memory.
   * `hlsRoot`: SHARED_DIR, where the program writer (whichever process holds the output) puts the HLS.
   */
  constructor(
    private readonly outputs: OutputsRepository,
    private readonly tokens: TokenService,
    private readonly links: MediaLinks,
    private readonly publicUrl: string,
    private readonly viewers: Viewers,
    private readonly hlsRoot: string,
    /** Viewer sessions, watch time, peak viewers and the bytes served are metered (issue 17). */
    private readonly meter: UsageMeter,
    /** Decides whether the member a DVR token was minted for may still read the player. */
    private readonly access: AccessService,
  ) {}

  private hlsDir(id: string) {
    return programDir(this.hlsRoot, id);
  }

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
    const watching = await this.viewers.admit(id, viewerId, s.viewerLimitEnabled ? s.viewerLimit : null);
    if (watching === null)
      throw new AppError(
        'VIEWER_LIMIT_REACHED',
        'This stream is full: the most viewers it allows are watching',
      );
    await this.outputs.addStatistics(id, { views: 1, peak: watching });
    // A unique viewer is a viewer session (one per page load): exact across processes, summable.
    this.meter.add(scopeOf(row), 'unique_viewers', 1);
    // The admission's count is the cluster-wide one on PostgreSQL: the peak needs no other read.
    this.meter.gauge(scopeOf(row), 'peak_viewers', watching);
    const token = await new SignJWT({ o: id, r: rulesVersion(row), ...(embed ? { eo: embed } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(viewerId)
      .setExpirationTime(`${TOKEN_HOURS}h`)
      .sign(await this.tokens.secret());
    return this.describe(row, token);
  }

  private async watching(id: string) {
    return (await this.viewers.counts([id])).get(id) ?? 0;
  }

  async describe(row: OutputRow, token: string): Promise<PlaySession> {
    const s = row.settings;
    const input = row.input as ProgramInput;
    const vod = input === 'vod' ? await readVod(this.hlsDir(row.id)) : null;
    // The VOD after the stream offers its rungs once they are packaged (vod-packager.ts); until then, one.
    const multivariant =
      laddered(s) && (input !== 'vod' || (vod !== null && (await readVodMultivariant(this.hlsDir(row.id)))));
    return {
      token,
      name: row.name,
      input,
      hlsUrl:
        input === 'offline'
          ? null
          : signedPlaylistUrl(row.id, token, multivariant ? 'signedMultivariant' : 'signedPlaylist'),
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
      if (payload.m === 1) await this.assertMember(row, payload.sub, req.actor);
    } catch {
      throw new AppError('VIEWER_TOKEN_INVALID', 'The viewer token is missing, expired or no longer valid');
    }
    const from = originOf(req.origin) ?? originOf(req.referer);
    if (typeof payload.eo === 'string' && from && from !== payload.eo && !this.isOwn(from, req))
      throw notAllowed();
    return { row, viewerId: payload.sub as string, member: payload.m === 1 };
  }

  /**
   * A member's token passes no password, whitelist or viewer limit, so it is no bearer pass: it plays
   * only with the login of the member it was minted for (the Clipping Tool sends it), while that member
   * may still read the player. A copied address plays nowhere else.
   */
  private async assertMember(row: OutputRow, subject: string, actor: Actor | null | undefined) {
    if (!actor || subject !== `member:${actor.user.id}`) throw new Error('not the member');
    await this.access.resource(actor, row.workspaceId, 'read', 'Player');
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
    return signedPlaylistUrl(row.id, token);
  }

  async state(id: string, token: string, req: RequestOrigin = {}) {
    const { row } = await this.verify(id, token, req);
    return this.describe(row, token);
  }

  /**
   * The program's playlist; counts the viewer. While the program is the recording of the last stream,
   * that is its VOD playlist (once it is complete). Asked for under the signed path prefix, its lines stay
   * relative; with the token in the query, every address in it gets the token. `egress` meters the bytes
   * actually sent (compressed or not).
   */
  async playlist(
    id: string,
    token: string,
    req: RequestOrigin = {},
    directives: PlaylistRequest = {},
    addressing: Addressing = 'query',
    variant: PlaylistVariant = { kind: 'index' },
  ) {
    const { row, viewerId, member } = await this.verify(id, token, req);
    const top = this.hlsDir(id);
    const dir = variant.kind === 'rung' ? join(top, variant.rung) : top;
    const name = variant.kind === 'multivariant' ? MULTIVARIANT_NAME : 'index.m3u8';
    let text =
      row.input === 'vod'
        ? await vodPlaylist(top, variant)
        : await readFile(join(dir, name), 'utf8').catch(() => null);
    if (!text) throw notFound('Playlist');
    // Directives a playlist does not support are ignored (RFC 8216bis 6.2.5): blocking needs LL-HLS.
    if (directives.msn !== undefined && isLlPlaylist(text))
      text = await this.blockingReload(dir, text, directives);
    if (!member && this.counted.due(viewerId)) await this.watched(row, viewerId);
    const body = presentPlaylist(text, { skip: directives.skip !== undefined, addressing, token });
    return { body, egress: (bytes: number) => this.meter.add(scopeOf(row), 'egress_bytes', bytes) };
  }

  /**
   * A viewer still watching (a playlist request, or a real-time viewer's peer still connected): it stays
   * counted, and its watch time since its previous sign of life, whichever process saw that one, is added.
   */
  async watched(row: OutputRow, viewerId: string) {
    const { watchedSeconds, watching } = await this.viewers.seen(row.id, viewerId);
    await this.outputs.addStatistics(row.id, { watchSeconds: watchedSeconds, peak: watching });
    this.meter.add(scopeOf(row), 'viewer_seconds', watchedSeconds);
    this.meter.gauge(scopeOf(row), 'peak_viewers', watching);
  }

  /** A viewer that ended (a real-time peer closed): its last watch time counted, then no longer counted. */
  async left(row: OutputRow, viewerId: string) {
    await this.watched(row, viewerId);
    await this.viewers.leave(row.id, viewerId);
  }

  /** Bytes sent to a viewer other than files (a real-time viewer's RTP). */
  egress(row: OutputRow, bytes: number) {
    if (bytes > 0) this.meter.add(scopeOf(row), 'egress_bytes', bytes);
  }

  /**
   * Holds a low-latency playlist request until the segment or part asked for is listed (RFC 8216bis
   * 6.2.5.2): further ahead than the specification allows is a 400 at once, and a part that did not come
   * within three target durations a 503 (the client asks again; the playlist as it was would look to it
   * like an answer).
   */
  private async blockingReload(dir: string, text: string, { msn, part }: PlaylistRequest) {
    const edge = playlistEdge(text);
    if (msn === undefined || playlistHas(edge, msn, part)) return text;
    const far = tooFarAhead(edge, msn, part);
    if (far) {
      const message =
        far === '_HLS_msn'
          ? 'More than two segments ahead of the live edge'
          : 'Further ahead of the last part than the Advance Part Limit';
      throw new AppError('VALIDATION_FAILED', `${far}: ${message}`, [{ field: far, message }]);
    }
    const waitMs = BLOCK_TARGET_DURATIONS * (edge.targetSeconds ?? 2) * 1000;
    const answer = await this.waits.playlist(dir, msn, part, waitMs);
    if (answer && playlistHas(playlistEdge(answer), msn, part)) return answer;
    throw new AppError(
      'PLAYLIST_NOT_READY',
      `Segment ${msn}${part === undefined ? '' : ` part ${part}`} did not come in time`,
    );
  }

  /** A file of the program; `rung`: of that lower rung's folder (a checked `r<n>`, see PLAY_RUNG). */
  async segment(id: string, file: string, token: string, req: RequestOrigin = {}, rung?: string) {
    const { row } = await this.verify(id, token, req);
    const dir = rung ? join(this.hlsDir(id), rung) : this.hlsDir(id);
    const path = join(dir, file);
    const sizeOf = () =>
      stat(path).then(
        (s) => s.size,
        () => null,
      );
    let size = await sizeOf();
    // The part the preload hint announced (or the one after): answered once it is written.
    if (
      size === null &&
      (await this.isNextPart(dir, file)) &&
      (await this.waits.file(dir, file, PART_WAIT_MS))
    )
      size = await sizeOf();
    if (size === null) throw notFound('Segment');
    // Counted when served: a viewer that drops the connection midway is still billed the segment.
    this.meter.add(scopeOf(row), 'egress_bytes', size);
    return {
      stream: createReadStream(path),
      size,
      contentType: CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
    };
  }

  /** A part of the segment being written or the next one (what a preload hint may name). */
  private async isNextPart(dir: string, file: string) {
    const m = /^part_(\d+)_\d+\.m4s$/.exec(file);
    if (!m) return false;
    const text = await readFile(join(dir, 'index.m3u8'), 'utf8').catch(() => null);
    if (!text) return false;
    const msn = Number(m[1]);
    const edge = playlistEdge(text);
    return msn > edge.lastComplete && msn <= edge.lastComplete + 2;
  }
}

/**
 * The VOD after the stream's playlists under the live addresses: the top rung's, a lower rung's, and the
 * multivariant one once every rung is packaged; before that a multivariant address gets the top rung's.
 */
async function vodPlaylist(top: string, variant: PlaylistVariant): Promise<string | null> {
  if (variant.kind === 'rung') return readRungVod(top, variant.rung);
  if (variant.kind === 'multivariant') return (await readVodMultivariant(top)) ?? readVod(top);
  return readVod(top);
}
