import { resolve } from 'node:path';
import type { MediaRuntime } from '@stromwerk/media/media-runtime';
import { setProcessOwner, sweepOrphans } from '@stromwerk/media/orphans';
import { type RtmpIngest, startIngest } from '../../plugins/ingest-engine';
import type { StatsReading } from '../graph/live-stats';
import { adoptLegacyRecordings } from '../medias/legacy-recordings';
import type { SourceRow } from '../sources/sources.repository';
import { type LiveEngineDeps, wantsPublisherHere } from './live-engine-deps';
import { handleLiveEvent } from './live-engine-events';
import type { LiveEngineView } from './live-engine-view';
import { LiveMeter } from './live-meter';
import { correctUnowned, recordingOwner, sourceOrphaned, targetOrphaned } from './live-orphans';
import { LiveRecordings } from './live-recordings';
import { LiveSchedule } from './live-schedule';
import { announceSource } from './live-source-info';
import { LiveTargets } from './live-targets';
import { RecordingFinisher } from './recording-finisher';
import { sourceEffects } from './source-effects';
import { LivePublishers } from './source-publishers';
import { SourceSessions } from './source-sessions';
import { StreamKeyRegistry } from './stream-keys';

/** How long a WHIP bridge that died may take to publish again before its source is offline. */
const WHIP_BRIDGE_GRACE_MS = 6000;

const METER_TICK_MS = 5_000;

/**
 * The live plane of this process (issue 29). It owns the RTMP ingest, the publisher processes (demo,
 * re-live, SRT listener), the target pushes and the source recordings, and runs one session machine per
 * source (source-session.ts, run by source-sessions.ts) that is the only writer of the source's live
 * state, always under its lease (lease-keeper.ts). It hears about changes through `LiveEvents` alone.
 *
 * Nothing reads every source periodically: the key registry is loaded once and changed per event, the
 * schedule waits for the next due moment (live-schedule.ts), orphans come from the lease keeper.
 * An API process (ROLE=api) runs the same plane without an ingest or media: it only corrects the state
 * of streams whose process is gone. A process whose ffmpeg is still being detected takes no stream until
 * it is ready; then its ingest opens.
 */
export class LiveEngine implements LiveEngineView {
  private ingest: RtmpIngest | undefined;
  readonly keys = new StreamKeyRegistry();
  readonly sessions: SourceSessions;
  readonly targets: LiveTargets;
  readonly publishers: LivePublishers;
  private readonly recordings: LiveRecordings;
  /** Joins recordings nobody records any more into media (processes with working ffmpeg). */
  readonly finisher: RecordingFinisher;
  readonly schedule: LiveSchedule;
  private readonly meter: LiveMeter;
  /** The key each source publishes with on this ingest now. */
  private readonly publishing = new Map<string, string>();
  /** SRT callers whose publish is being handled, by source id. */
  private readonly callers = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private stopping = false;

  constructor(readonly deps: LiveEngineDeps) {
    const { config } = deps;
    this.publishers = new LivePublishers({
      ffmpegPath: config.ffmpegPath,
      listenHost: config.host,
      publishUrl: (key) => this.ingest!.publishUrl(key),
      mediaFile: deps.mediaFile,
      failed: (id, reason) => void this.publisherFailed(id, reason),
      // An SRT caller is a publish like an RTMP encoder's; its listener's push to the ingest, a moment
      // later, finds the session live already (the same source, the same key).
      callerConnected: (id, key) => this.callers.set(id, this.onPublished(key)),
      callerGone: (id, key) => void this.onCallerGone(id, key),
    });
    this.recordings = new LiveRecordings(deps.recordings, config.ffmpegPath, deps.log, () => deps.keeper.me);
    this.finisher = new RecordingFinisher(deps.recordings, () => deps.keeper.me, deps.log);
    this.targets = new LiveTargets({
      config,
      media: deps.media,
      repo: deps.targetsRepo,
      events: deps.events,
      log: deps.log,
      leases: deps.keeper,
      meter: deps.meter,
      platform: deps.platform,
    });
    this.meter = new LiveMeter(
      deps.meter,
      (id) => this.recordings.has(id),
      () => this.targets.all(),
    );
    this.sessions = new SourceSessions(
      sourceEffects({
        repo: deps.sources,
        targetsRepo: deps.targetsRepo,
        news: deps.news,
        liveEvents: deps.liveEvents,
        keeper: deps.keeper,
        keys: this.keys,
        targets: this.targets,
        recordings: this.recordings,
        publishers: this.publishers,
        meter: this.meter,
        log: deps.log,
        ffprobePath: config.ffprobePath,
        canProbe: () => deps.media.capabilities.ffprobe,
        publishingKey: (id) => this.publishing.get(id),
        localUrl: (key, from, reader) => this.ingest?.localUrl(key, from, reader),
        streamOn: (key) => this.streamOn(key),
        kick: (key) => this.ingest?.kick(key),
        pauseRecordingOf: (id) => deps.recordings.pauseOpenOf(id),
      }),
      deps.log,
    );
    this.schedule = new LiveSchedule(deps.sources, (rows) => this.scheduleDue(rows), deps.log);
  }

  get media(): MediaRuntime {
    return this.deps.media;
  }

  /** Whether this process runs media work (an ingest, publishers): a media role with ffmpeg ready. */
  get runsMedia() {
    return !!this.ingest;
  }

  async start() {
    const { deps } = this;
    deps.keeper.handle('source', {
      inUse: (id) => this.sessions.state(id).phase !== 'idle',
      lost: (id) => this.sessions.send(id, { type: 'lost' }),
      orphaned: (id, seenForMs) => sourceOrphaned(this, id, seenForMs),
    });
    deps.keeper.handle('target', {
      inUse: (id) => this.targets.has(id),
      lost: (id) => this.targets.stop(id),
      orphaned: (id, seenForMs) => targetOrphaned(this, id, seenForMs),
    });
    for (const row of await deps.sources.keyed()) this.keys.set(row);
    for (const id of await deps.blockedCorporations()) this.keys.setCorporationBlocked(id, true);
    this.unsubscribe = deps.liveEvents.subscribe((e) => handleLiveEvent(this, e));
    await correctUnowned(this);
    this.timer = setInterval(() => this.meter.tick(), METER_TICK_MS);
    this.timer.unref();
    if (deps.role === 'api') return;
    // Media work waits for ffmpeg: a time-out of its probe is no reason to take streams without it. When
    // ffmpeg is already known (the usual start), the ingest is listening before start() returns.
    const settled = (state: string) => {
      if (state === 'ready' || !deps.cluster) return this.startMedia();
      deps.log.warn('ffmpeg not found: this process takes no live streams');
    };
    if (deps.media.state !== 'detecting') await settled(deps.media.state);
    else
      deps.media.onSettled(
        (state) =>
          void Promise.resolve(settled(state)).catch((err) =>
            deps.log.error({ err }, 'starting the live ingest failed'),
          ),
      );
  }

  private async startMedia() {
    if (this.stopping || this.ingest) return;
    const { config, log } = this.deps;
    // Media processes a killed server left behind would write next to the ones started now: kill them
    // first, then mark ours so the next start can do the same (packages/media/src/orphans.ts).
    const owner = resolve(config.dataDir);
    const swept = await sweepOrphans(owner);
    if (swept.length > 0) log.warn({ pids: swept }, 'killed media processes left by a previous run');
    setProcessOwner(owner);
    this.ingest = await startIngest(config.ingestEngine, {
      port: config.rtmpPort,
      host: config.host,
      dataDir: config.dataDir,
      log,
      hooks: {
        mayPublish: (key) => this.mayStart(key),
        // A WHIP source's publisher is our bridge, which this process starts again when it dies: its
        // restart on a saturated machine took 2-2.5 s, past an encoder's grace. Within this the source
        // stays live, its readers attached and its timeline whole; a WHIP publish that ends on purpose
        // ends without it (`endPublishNow`).
        publishGraceMs: (key) => (this.keys.source(key)?.type === 'whip' ? WHIP_BRIDGE_GRACE_MS : undefined),
        // A recording's first part reads it from the first keyframe (`localUrl(key, 'start', owner)`),
        // however late the recorder connects: the source's own and those of players showing it.
        startReaders: (key) => this.startReaders(key),
        published: (key) => void this.onPublished(key),
        unpublished: (key) => void this.onUnpublished(key),
      },
    });
    if (this.stopping) return this.ingest.stop();
    for (const row of await this.deps.sources.withPublisher()) await this.settingsOf(row);
    await this.schedule.start();
    void adoptLegacyRecordings(config.dataDir, this.deps.recordings, (id) => recordingOwner(this.deps, id))
      .catch((err) => log.error({ err }, 'adopting recordings of an earlier version failed'))
      .then(() => this.finisher.start());
  }

  get rtmpPort() {
    return this.ingest?.port;
  }

  /** RTMP address of a stream key on this node's ingest, for the programs of players. */
  /** A publisher's failure the owner can act on goes on the source (under its lease), and is announced. */
  private async publisherFailed(id: string, reason: string) {
    const fence = this.deps.keeper.fence('source', id);
    try {
      const row = fence ? await this.deps.sources.updateFenced(id, { lastError: reason }, fence) : undefined;
      if (row) announceSource(this.deps.news, row);
    } catch (err) {
      this.deps.log.warn({ err, sourceId: id }, 'could not note why the publisher failed');
    }
  }

  localUrl(streamKey: string, from: 'now' | 'start' = 'now', reader?: string) {
    return this.ingest?.localUrl(streamKey, from, reader);
  }

  /** The recordings that will read a key's new publish from its start: its source's and its players'. */
  private async startReaders(key: string) {
    const source = this.keys.source(key);
    if (!source) return 0;
    const players = await this.deps.outputsRepo.referencing(source.id);
    return (source.recording ? 1 : 0) + players.filter((p) => p.settings.recording).length;
  }

  /** Whether this node's ingest has a publish of the key now (one resuming in its grace counts). */
  streamOn(streamKey: string) {
    return this.ingest?.bytesIn(streamKey) !== undefined;
  }

  /** Where a process of ours (the WHIP bridge) publishes a key on this node's ingest. */
  publishUrl(streamKey: string) {
    return this.ingest?.publishUrl(streamKey);
  }

  /** Whether the source's stream is live on this process now. */
  liveHere(sourceId: string) {
    return this.sessions.state(sourceId).phase === 'live';
  }

  async stop() {
    this.stopping = true;
    clearInterval(this.timer);
    this.schedule.stop();
    await this.finisher.stop();
    this.unsubscribe?.();
    this.meter.tick();
    // Live sessions are handed over, not ended: their encoders reconnect to another process, which
    // continues them (or corrects them offline when nobody does).
    for (const id of this.sessions.active()) void this.sessions.send(id, { type: 'stopping' });
    await this.sessions.settle();
    this.targets.stopping = true;
    await this.targets.stopAll();
    this.recordings.abort();
    await this.publishers.stopAll();
    await this.ingest?.stop();
  }

  /** Byte counters of a workspace's live sources and running targets (the Flowchart's stats). */
  readings(workspaceId: string): StatsReading[] {
    const out: StatsReading[] = [];
    for (const [id, key] of this.publishing) {
      const bytes = this.ingest?.bytesIn(key);
      if (bytes !== undefined && this.keys.source(key)?.workspaceId === workspaceId)
        out.push({ kind: 'source', id, bytes });
    }
    for (const runner of this.targets.runningIn(workspaceId))
      out.push({ kind: 'target', id: runner.row.id, bytes: runner.bytesSent });
    return out;
  }

  /** The source's settings as its session machine needs them (whether a publisher runs here, recording). */
  settingsOf(row: SourceRow) {
    const wantsPublisher = this.runsMedia && !this.stopping && wantsPublisherHere(this.deps, row);
    return this.sessions.send(row.id, { type: 'settings', wantsPublisher, recording: row.recording });
  }

  /** A key's publisher leaves on purpose (a WHIP publish ended): offline as soon as it has gone. */
  endPublishNow(key: string) {
    this.ingest?.endWithoutGrace(key);
  }

  /** The key a source's encoder publishes with here, if it does. */
  publishingKeyOf(sourceId: string) {
    return this.publishing.get(sourceId);
  }

  /** May a NEW publish begin: key rules, INGEST_REGION, monthly live hours (issue 17: new streams only). */
  mayStart(key: string) {
    const row = this.keys.source(key);
    if (this.stopping || !row || !this.keys.mayPublish(key) || !this.deps.regions.accepts(row)) return false;
    return !this.deps.liveRefused(row.corporationId);
  }

  /**
   * A publish was accepted by the ingest. The database decides again (a key rotated, deleted or blocked
   * through another process is refused even before that process's event arrives here).
   */
  private async onPublished(key: string) {
    try {
      const row = await this.deps.sources.byKey(key);
      if (row) {
        this.keys.set(row);
        this.keys.setCorporationBlocked(
          row.corporationId,
          await this.deps.isCorporationBlocked(row.corporationId),
        );
      }
      if (!row || !this.mayStart(key) || !this.deps.media.ready) {
        this.ingest?.kick(key);
        return;
      }
      this.publishing.set(row.id, key);
      await this.settingsOf(row);
      await this.sessions.send(row.id, { type: 'published' });
    } catch (err) {
      this.deps.log.error({ err }, 'going live failed');
      this.ingest?.kick(key);
    }
  }

  /** After its publish was handled: a caller refused at once must not leave a session live behind it. */
  private async onCallerGone(id: string, key: string) {
    await this.callers.get(id);
    this.callers.delete(id);
    await this.onUnpublished(key);
  }

  private async onUnpublished(key: string) {
    const row = this.keys.source(key);
    const id = row?.id ?? [...this.publishing].find(([, k]) => k === key)?.[0];
    if (!id || this.publishing.get(id) !== key) return;
    this.publishing.delete(id);
    await this.sessions.send(id, { type: 'unpublished' });
  }

  /** Sources whose scheduled start or maintenance window began or ended just now. */
  private async scheduleDue(rows: SourceRow[]) {
    for (const row of rows) {
      this.keys.set(row);
      const key = this.publishing.get(row.id);
      if (key !== undefined && !this.keys.mayPublish(key))
        await this.sessions.send(row.id, { type: 'refuse' });
      await this.settingsOf(row);
    }
  }
}
