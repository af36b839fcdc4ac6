// The real-time viewers of this process (issue 35): WHEP (RFC 9725) offers answered by a WebRTC peer fed
// from the player's RTP program. Access is the HLS viewer's: the viewer token of the session call, where
// password, embedding origin and viewer limit were decided (PlayService.session), checked by
// PlayService.verify. The viewer stays counted while its peer is connected and leaves when it ends.
import { randomUUID } from 'node:crypto';
import { AppError, notFound } from '../../lib/app-error';
import type { OutputRow } from '../outputs/outputs.repository';
import type { PlayService } from '../play/play.service';
import type { RequestOrigin } from '../play/viewer-origin';
import type { RealtimePrograms } from './realtime-programs';
import { answerWhepOffer, offeredMedia, type WhepPeerOptions } from './whep-peer';

/** How often a connected viewer is counted (well inside VIEWER_ACTIVE_SECONDS) and its bytes metered. */
const ACCOUNT_EVERY_MS = 5000;

interface Viewer {
  outputId: string;
  viewerId: string;
  /** Closes the viewer's peer; settles when the shared count no longer holds it. */
  end: () => Promise<void>;
}

const badOffer = (message: string) =>
  new AppError('VALIDATION_FAILED', `offer: ${message}`, [{ field: 'offer', message }]);

export class WhepService {
  /** WHEP resource id -> viewer; the resource id (random) is what the DELETE names. */
  readonly #viewers = new Map<string, Viewer>();
  /** One peer per viewer token: a new offer of the same viewer (a reconnect) ends its previous peer. */
  readonly #byViewer = new Map<string, string>();

  constructor(
    private readonly play: PlayService,
    private readonly programs: RealtimePrograms,
    private readonly peer: Omit<WhepPeerOptions, 'onClose' | 'onPictureOpen'>,
    /** A viewer's picture opened: the publisher of the source it shows is asked for a keyframe (WHIP). */
    private readonly keyframeFor: (sourceId: string) => void = () => {},
  ) {}

  /** Whether this process writes the player's real-time program now (its viewers' peers are made here). */
  programHere(outputId: string) {
    return this.programs.source(outputId) !== undefined;
  }

  /** Whether a WHEP resource (a viewer's peer) is on this process. */
  hasResource(resource: string) {
    return this.#viewers.has(resource);
  }

  /** Viewers connected to this process now (all players). */
  get size() {
    return this.#viewers.size;
  }

  async offer(id: string, token: string, sdp: string, req: RequestOrigin = {}) {
    const { row, viewerId, member } = await this.play.verify(id, token, req);
    if (row.settings.latency !== 'realtime')
      throw new AppError('REALTIME_OFF', 'This player is not in real-time latency: play its HLS');
    const source = this.programs.source(id);
    if (!source || row.input === 'offline' || row.input === 'vod')
      throw new AppError('PROGRAM_NOT_LIVE', 'The program is not live on this server');
    if (!offeredMedia(sdp).some((m) => m.kind === 'video'))
      throw badOffer('No receivable H.264 (packetization mode 1) video section');
    // The viewer's new peer first: the previous one, ended here, then does not take the viewer's place
    // in the count with it (only the viewer's current peer leaves when it ends).
    const resource = randomUUID();
    const previous = this.#byViewer.get(viewerId);
    this.#byViewer.set(viewerId, resource);
    if (previous) void this.#viewers.get(previous)?.end();

    let timer: NodeJS.Timeout | undefined;
    let forget = () => {};
    let sent = 0;
    let ended = false;
    let leaving: Promise<void> = Promise.resolve();
    const account = (bytes: number) => {
      this.play.egress(row, bytes - sent);
      sent = bytes;
    };
    const showing =
      row.input === 'main'
        ? row.settings.mainSourceId
        : row.input === 'backup'
          ? row.settings.backupSourceId
          : null;
    const peer = await answerWhepOffer(sdp, source, {
      ...this.peer,
      onPictureOpen: () => showing && this.keyframeFor(showing),
      onClose: () => {
        if (ended) return;
        ended = true;
        clearInterval(timer);
        forget();
        this.#viewers.delete(resource);
        account(peer.sentBytes());
        if (this.#byViewer.get(viewerId) !== resource) return;
        this.#byViewer.delete(viewerId);
        if (!member) leaving = this.play.left(row, viewerId).catch(() => {});
      },
    }).catch((err: Error) => {
      if (this.#byViewer.get(viewerId) === resource) this.#byViewer.delete(viewerId);
      throw badOffer(err.message);
    });
    const end = () => {
      peer.close();
      return leaving;
    };
    // The writer stopped while the answer was gathered: its source is closed, nothing would come.
    if (this.programs.source(id) !== source) {
      void end();
      throw new AppError('PROGRAM_NOT_LIVE', 'The program is not live on this server');
    }
    this.#viewers.set(resource, { outputId: id, viewerId, end });
    this.#byViewer.set(viewerId, resource);
    forget = this.programs.onClose(id, end);
    timer = setInterval(
      () => this.#tick(row, viewerId, member, () => account(peer.sentBytes())),
      ACCOUNT_EVERY_MS,
    );
    timer.unref();
    return { answer: peer.answer, resource };
  }

  #tick(row: OutputRow, viewerId: string, member: boolean, account: () => void) {
    account();
    if (!member) void this.play.watched(row, viewerId).catch(() => {});
  }

  /**
   * DELETE on the WHEP resource: the viewer's peer closes and it is no longer counted. Answered once
   * the shared count has let it go, so a count read after the 204, at any process, is without it.
   */
  async end(id: string, resource: string) {
    const viewer = this.#viewers.get(resource);
    if (!viewer || viewer.outputId !== id) throw notFound('WHEP resource');
    await viewer.end();
  }

  /** Shutdown: every viewer of this process ends. */
  closeAll() {
    for (const v of [...this.#viewers.values()]) void v.end();
  }
}
