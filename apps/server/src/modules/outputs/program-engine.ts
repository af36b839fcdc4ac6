/**
 * The programs of this node's players & recorders. State per output: its hot-standby feed (a reader per
 * configured input and the one HLS writer appending to SHARED_DIR/hls/<id>/index.m3u8, see
 * @stromwerk/media/program-feed) and, while the program is live and recording is on, its recorder. The
 * database, the sources' live sessions and the feed's readers say what plays (program-choice.ts); where
 * it is written is program-owner.ts's rule. An output is decided again, one at a time, on every event
 * about it, its sources or its media (live-events.ts), on every input the feed finds dead or back, and
 * when its lease is lost or orphaned. Nothing reads every player periodically (issue 29).
 */
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ProgramInput } from '@stromwerk/contracts/outputs';
import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import type { LadderEncoding } from '@stromwerk/media/abr-args';
import type { MediaRuntime } from '@stromwerk/media/media-runtime';
import {
  type FeedInput,
  type FeedInputs,
  ProgramFeed,
  type ReaderSource,
} from '@stromwerk/media/program-feed';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, sharedRoot } from '../../plugins/config';
import type { Storage } from '../../plugins/storage';
import type { LeaseKeeper } from '../live/lease-keeper';
import type { LiveEvent, LiveEvents } from '../live/live-events';
import { storedInput } from '../medias/media-input';
import type { MediaRow } from '../medias/medias.repository';
import type { MediasService } from '../medias/medias.service';
import type { RecordingsService } from '../medias/recordings.service';
import { realtimePicture } from '../realtime/realtime-picture';
import type { RealtimePrograms } from '../realtime/realtime-programs';
import type { SourcesRepository } from '../sources/sources.repository';
import type { UsageMeter } from '../usage/usage-meter';
import type { OutputRow } from './outputs.repository';
import type { OutputsService } from './outputs.service';
import { chooseInput, type ProgramFacts } from './program-choice';
import { LadderMeter, programLadder, vodLadder, writerSignature } from './program-ladder';
import { ProgramOwner } from './program-owner';
import { ProgramRecordings } from './program-recording';
import { VodPackager } from './vod-packager';

/** A live program whose lease could not be taken yet (a writer elsewhere still stopping) is tried again. */
const RETRY_MS = 2_000;
const COPYABLE = (m: MediaRow) => {
  const p = m.probe as { video?: { codec?: string } | null; audio?: { codec?: string } | null } | null;
  return p?.video?.codec === 'h264' && (!p.audio || p.audio.codec === 'aac');
};

/** Where an output's program playlist and segments live. */
export const programDir = (dataDir: string, outputId: string) => join(resolve(dataDir), 'hls', outputId);

export interface ProgramEngineDeps {
  config: Config;
  media: MediaRuntime;
  log: FastifyBaseLogger;
  liveEvents: LiveEvents;
  outputs: OutputsService;
  sources: SourcesRepository;
  medias: MediasService;
  storage: Storage;
  recordings: RecordingsService;
  /**
   * RTMP address of a stream key on this node's ingest; undefined while the ingest is down. `'start'`: for
   * a reader that begins at the publish's first keyframe where the ingest kept it (once per `reader`).
   */
  localUrl(streamKey: string, from?: 'now' | 'start', reader?: string): string | undefined;
  /** Whether this node's ingest has a publish of the key now. */
  streamOn(streamKey: string): boolean;
  /** Whether a source's session is live on this process. */
  liveHere(sourceId: string): boolean;
  /** The leases of this process: which process writes which output (issues 19, 29). */
  keeper: LeaseKeeper;
  /** Transcoding seconds of the players' quality ladders (issue 34). */
  meter?: UsageMeter;
  /** The encoder of the ladders' encoded rungs (ladder-encoding.ts); libx264 when absent. */
  ladderEncoding?: () => LadderEncoding;
  /** Whether a corporation is past its monthly transcoding hours: its new program writers play the source only. */
  transcodeRefused?: (corporationId: string) => boolean;
  /** Real time (issue 35): where a realtime player's writer also sends the program as RTP. */
  realtime?: RealtimePrograms;
}

export class ProgramEngine {
  private readonly writers = new Map<string, { feed: ProgramFeed; signature: string }>();
  private readonly recordings: ProgramRecordings;
  private readonly chains = new Map<string, Promise<void>>();
  private readonly retries = new Map<string, NodeJS.Timeout>();
  private unsubscribe: (() => void) | undefined;
  private stopping = false;
  private readonly vods: VodPackager;

  private readonly owner: ProgramOwner;
  private readonly ladderMeter = new LadderMeter((scope, seconds) =>
    this.deps.meter?.add(scope, 'transcode_seconds', seconds),
  );

  constructor(private readonly deps: ProgramEngineDeps) {
    this.owner = new ProgramOwner(deps.keeper, {
      runs: (id) => this.runs(id),
      reconsider: (id) => this.reconcile(id),
      liveHere: (id) => deps.liveHere(id),
    });
    this.recordings = new ProgramRecordings({
      recordings: deps.recordings,
      ffmpegPath: deps.config.ffmpegPath,
      log: deps.log,
      recorder: () => deps.keeper.me,
      localUrl: (key, from, reader) => deps.localUrl(key, from, reader),
      streamOn: (key) => deps.streamOn(key),
    });
    this.vods = new VodPackager({ ffmpegPath: deps.config.ffmpegPath, log: deps.log });
  }

  hlsDir(outputId: string) {
    return programDir(sharedRoot(this.deps.config), outputId);
  }

  async start() {
    this.owner.listen();
    this.unsubscribe = this.deps.liveEvents.subscribe((e) => this.onEvent(e));
    for (const { id } of await this.deps.outputs.repo.needingAttention()) await this.reconcile(id);
  }

  async stop() {
    this.stopping = true;
    this.unsubscribe?.();
    for (const timer of this.retries.values()) clearTimeout(timer);
    // Recordings go on with whoever takes the writers over (the resume window), or are joined after it.
    this.recordings.abort();
    await Promise.all([...this.writers.values()].map((w) => w.feed.stop()));
    for (const id of this.writers.keys()) this.ladderMeter.stop(id);
    this.deps.realtime?.closeAll();
    this.writers.clear();
    // The playlists go on with whoever takes the leases over (they are orphans now, not released).
    await this.owner.handOverAll();
  }

  private async onEvent(e: LiveEvent) {
    switch (e.type) {
      case 'output-changed':
        return this.reconcile(e.id);
      case 'output-removed':
        return this.outputRemoved(e.id);
      case 'source-changed':
      case 'source-state':
      case 'source-removed':
        for (const row of await this.deps.outputs.repo.referencing(e.id)) await this.reconcile(row.id);
        return;
      case 'media-changed': {
        const ids = new Set((await this.deps.outputs.repo.withFallback(e.id)).map((r) => r.id));
        // A recording of a player (its VOD after the stream); a source's recording names no player.
        if (e.recordingOf) ids.add(e.recordingOf);
        for (const id of ids) if (await this.deps.outputs.repo.byId(id)) await this.reconcile(id);
        return;
      }
      default:
        return;
    }
  }

  async outputRemoved(id: string) {
    await this.stopWriter(id);
    this.recordings.finish(id);
    await rm(this.hlsDir(id), { recursive: true, force: true });
    await this.owner.giveUpUnlessRunning(id);
  }

  /** Whether this process writes or records the output (its lease is in use). */
  runs(outputId: string) {
    return this.writers.has(outputId) || this.recordings.has(outputId);
  }

  // --- deciding ---

  /** One decision per output at a time: a burst of events must not start two writers. */
  reconcile(outputId: string): Promise<void> {
    const next = (this.chains.get(outputId) ?? Promise.resolve())
      .then(() => this.decide(outputId))
      .catch((err) => this.deps.log.error({ err, outputId }, 'program change failed'));
    this.chains.set(outputId, next);
    return next;
  }

  private async decide(outputId: string) {
    if (this.stopping) return;
    const row = await this.deps.outputs.repo.byId(outputId);
    if (!row) return this.outputRemoved(outputId);
    const s = row.settings;
    const main = s.mainSourceId ? await this.deps.sources.byId(s.mainSourceId) : undefined;
    const backup = s.backupSourceId ? await this.deps.sources.byId(s.backupSourceId) : undefined;
    const fallback = s.fallbackMediaId ? await this.deps.medias.repo.byId(s.fallbackMediaId) : undefined;
    const vod = s.vodAfterStream ? await this.latestRecording(row) : undefined;
    const urlOf = (src: typeof main) => (src?.live ? this.deps.localUrl(src.streamKey) : undefined);
    const urls = { main: urlOf(main), backup: urlOf(backup) };
    const inputs: FeedInputs = {};
    for (const name of ['main', 'backup'] as const) {
      const url = urls[name];
      if (url && s.behaviour !== 'media') inputs[name] = { key: url, source: { kind: 'live', url } };
    }
    const file = fallback?.status === 'ready' ? await this.fileSource(fallback) : undefined;
    if (file && fallback) inputs.fallback = { key: fallback.id, source: file };
    // The facts as the feed's readers see them: a source whose reader found it dead is not live here,
    // even before the ingest notices. Without a feed (no ffmpeg), the database's word.
    const facts = (usable: Record<FeedInput, boolean>): ProgramFacts => ({
      mainLive: !!main?.live && usable.main,
      backupLive: !!backup?.live && usable.backup,
      hasFallback: fallback?.status === 'ready' && usable.fallback,
      hasVod: !!vod,
    });
    // One writer per output in the cluster: elsewhere this process stops its own (program-owner.ts).
    // Decided on the database's facts; the feed's readers refine the input only where it runs.
    const planned = chooseInput(s, facts({ main: true, backup: true, fallback: true }));
    const plannedLive = planned === 'main' ? main : planned === 'backup' ? backup : undefined;
    const needed = planned !== 'offline' || row.input !== planned || this.runs(row.id);
    if (!(await this.owner.mayWrite(row.id, plannedLive?.id, needed))) {
      await this.stopWriter(row.id);
      this.recordings.finish(row.id);
      await this.owner.giveUpUnlessRunning(row.id);
      // The source is live here but a writer elsewhere has not let go yet: try again shortly.
      if (plannedLive && this.deps.liveHere(plannedLive.id)) this.retryLater(row.id);
      return;
    }
    const rule = (usable: Record<FeedInput, boolean>) => {
      const chosen = chooseInput(s, facts(usable));
      return chosen === 'vod' || chosen === 'offline' ? undefined : chosen;
    };
    const feed = await this.setWriter(row, inputs, rule, main?.streamInfo);
    const input = chooseInput(
      s,
      facts({
        main: !feed || feed.usable('main'),
        backup: !feed || feed.usable('backup'),
        fallback: !feed || feed.usable('fallback'),
      }),
    );
    // The recording plays from its own VOD playlist: no program runs meanwhile.
    if (input === 'vod' || input === 'offline') await this.setWriter(row, {}, rule, undefined);
    const liveUrl = input === 'main' || input === 'backup' ? urls[input] : undefined;
    // The recording plays as a real VOD (seekable, with an end), not as a looping program.
    if (input === 'vod' && vod)
      void this.packageVod(row, vod).catch((err) => this.deps.log.error({ err }, 'VOD failed'));
    // Without a recording to show, its VOD files go (a live program keeps them for after the stream).
    if (!vod) await this.vods.discard(this.hlsDir(row.id));
    const liveKey = input === 'main' ? main?.streamKey : input === 'backup' ? backup?.streamKey : undefined;
    await this.recordings.follow(row, s.recording ? liveUrl : undefined, liveKey);
    if (row.input !== input) await this.setInput(row, input);
    await this.owner.giveUpUnlessRunning(row.id);
  }

  private retryLater(outputId: string) {
    if (this.retries.has(outputId) || this.stopping) return;
    const timer = setTimeout(() => {
      this.retries.delete(outputId);
      void this.reconcile(outputId);
    }, RETRY_MS);
    timer.unref();
    this.retries.set(outputId, timer);
  }

  private async packageVod(row: OutputRow, m: MediaRow) {
    const original = m.files.find((f) => f.kind === 'original');
    if (!original || !this.deps.media.capabilities.ffmpeg) return;
    const dir = this.hlsDir(row.id);
    await mkdir(dir, { recursive: true });
    await this.vods.ensure(
      dir,
      m.id,
      () => storedInput(this.deps.storage, m, original),
      !COPYABLE(m),
      vodLadder(
        row.settings.ladder,
        { ...m, info: m.probe as StreamInfo | null },
        this.deps.ladderEncoding?.(),
      ),
    );
  }

  private async fileSource(m: MediaRow): Promise<ReaderSource | undefined> {
    const original = m.files.find((f) => f.kind === 'original');
    if (!original) return undefined;
    return {
      kind: 'file',
      input: await storedInput(this.deps.storage, m, original),
      loop: true,
      transcode: !COPYABLE(m),
    };
  }

  private async latestRecording(row: OutputRow) {
    const { rows } = await this.deps.medias.repo.list(
      {
        origin: 'recording',
        originId: row.id,
        status: 'ready',
        sort: 'createdAt',
        order: 'desc',
        limit: 1,
        offset: 0,
      },
      undefined,
    );
    return rows[0];
  }

  /** The program's state, written under the output's lease; targets fed by the player follow it. */
  private async setInput(row: OutputRow, input: ProgramInput) {
    const fence = this.owner.fence(row.id);
    const updated = fence && (await this.deps.outputs.repo.updateFenced(row.id, { input }, fence));
    if (!updated) return;
    await this.deps.outputs.changed(updated, 'updated', false);
    await this.deps.liveEvents.send({ type: 'program-changed', id: row.id });
  }

  // --- processes ---

  /**
   * Keeps the output's feed reading `inputs` under `rule`; stops it when there is nothing to read. The
   * writer runs on through switches; only a new latency (other segments) or ladder starts a new feed.
   */
  private async setWriter(
    row: OutputRow,
    inputs: FeedInputs,
    rule: (usable: Record<FeedInput, boolean>) => FeedInput | undefined,
    /** The main source's probe: the ladder's rungs stay below its height. */
    sourceInfo: StreamInfo | null | undefined,
  ): Promise<ProgramFeed | undefined> {
    const signature = writerSignature(row.settings);
    const current = this.writers.get(row.id);
    const wanted = Object.keys(inputs).length > 0 && this.deps.media.capabilities.ffmpeg;
    if (current && (current.signature !== signature || !wanted)) await this.stopWriter(row.id);
    if (!wanted) return undefined;
    let entry = this.writers.get(row.id);
    if (!entry) {
      const dir = this.hlsDir(row.id);
      await mkdir(dir, { recursive: true });
      // Past the month's transcoding hours a new writer plays the source only (a running one goes on).
      const refused = this.deps.transcodeRefused?.(row.corporationId) ?? false;
      const ladder = programLadder(refused ? { ...row.settings, ladder: [] } : row.settings, sourceInfo);
      if (ladder.rungs.some((r) => !r.copy))
        this.ladderMeter.start(row.id, { corporationId: row.corporationId, workspaceId: row.workspaceId });
      const rtp = row.settings.latency === 'realtime' ? await this.deps.realtime?.open(row.id) : undefined;
      const feed = new ProgramFeed({
        rtp: rtp && realtimePicture(rtp, sourceInfo),
        ladder: ladder.rungs,
        ladderSource: ladder.source,
        ladderEncoding: this.deps.ladderEncoding?.(),
        ffmpegPath: this.deps.config.ffmpegPath,
        dir,
        latency: row.settings.latency,
        label: `program ${row.id}`,
        choose: rule,
        onChange: () => void this.reconcile(row.id),
        log: (message, details) => this.deps.log.info({ outputId: row.id, ...details }, message),
      });
      entry = { feed, signature };
      this.writers.set(row.id, entry);
      feed.start();
    }
    entry.feed.choose = rule;
    entry.feed.setInputs(inputs);
    return entry.feed;
  }

  private async stopWriter(outputId: string) {
    const w = this.writers.get(outputId);
    this.writers.delete(outputId);
    this.ladderMeter.stop(outputId);
    await w?.feed.stop();
    this.deps.realtime?.close(outputId);
  }
}
