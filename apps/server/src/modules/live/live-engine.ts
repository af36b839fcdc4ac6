import { type RtmpIngest, startIngest } from '../../plugins/ingest-engine';
import type { StatsReading } from '../graph/live-stats';
import type { SourceRow } from '../sources/sources.repository';
import type { TargetRow } from '../targets/targets.repository';
import { LeaseKeeper } from './lease-keeper';
import type { LeaseKind } from './lease-state';
import type { Fence } from './leases.repository';
import type { LiveControl } from './live-control';
import type { LiveEngineDeps } from './live-engine-deps';
import { LiveMeter } from './live-meter';
import { readingsOf } from './live-readings';
import { LiveRecordings } from './live-recordings';
import { announceSource, probeLiveSource, streamEnded } from './live-source-info';
import { LiveTargets } from './live-targets';
import { LivePublishers } from './source-publishers';
import { StreamKeyRegistry } from './stream-keys';

const TICK_MS = 5000;
const PROBE_DELAY_MS = 1500;

/**
 * The live media plane of this node (ARCHITECTURE section 6). It owns the RTMP ingest, the processes that
 * feed demo, re-live and SRT sources, and one push process per running target. The database says what
 * should run; the engine makes it so and writes back what actually happens (live, online, errors).
 * With several processes on one database each live thing has one owner (issue 19): a source or target
 * runs only in the process holding its lease (`LeaseKeeper`), its state writes carry the lease's fencing
 * token, and a process never corrects state another live process holds.
 */
export class LiveEngine implements LiveControl {
  private ingest: RtmpIngest | undefined;
  private readonly keys = new StreamKeyRegistry();
  private readonly publishers: LivePublishers;
  private readonly recordings: LiveRecordings;
  private tick: NodeJS.Timeout | undefined;
  private stopping = false;
  readonly leases: LeaseKeeper;
  private readonly targets: LiveTargets;
  private readonly closers: (() => Promise<void>)[] = [];
  private readonly metered: LiveMeter;

  constructor(private readonly deps: LiveEngineDeps) {
    this.leases = new LeaseKeeper(
      deps.leases,
      {
        inUse: (kind, id) => this.inUse(kind, id),
        lost: (kind, id) => this.leaseLost(kind, id),
        takenOver: (kind, id, fence) => this.correct(kind, id, fence, false),
      },
      deps.log,
    );
    this.publishers = new LivePublishers(
      {
        ffmpegPath: deps.config.ffmpegPath,
        listenHost: deps.config.host,
        localUrl: (key) => this.ingest!.localUrl(key),
        mediaFile: deps.mediaFile,
      },
      async (id) => !!(await this.leases.claim('source', id)),
    );
    this.recordings = new LiveRecordings(deps.recordings, deps.config.ffmpegPath, deps.log);
    this.targets = new LiveTargets({ ...deps, repo: deps.targets.repo, leases: this.leases });
    this.metered = new LiveMeter(
      deps.meter,
      (id) => this.recordings.has(id),
      () => this.targets.all(),
    );
  }

  /** May a NEW publish begin: key rules, INGEST_REGION, monthly live hours (issue 17: new streams only). */
  private mayStart(key: string) {
    const row = this.keys.source(key);
    if (!row || !this.keys.mayPublish(key) || !this.deps.regions.accepts(row)) return false;
    return !this.deps.liveRefused?.(row.corporationId);
  }

  async start() {
    const { config, sources } = this.deps;
    if (this.deps.singleProcess) await this.deps.leases.clearAll();
    this.ingest = await startIngest(config.ingestEngine, {
      port: config.rtmpPort,
      host: config.host,
      dataDir: config.dataDir,
      log: this.deps.log,
      hooks: {
        mayPublish: (key) => this.mayStart(key),
        published: (key) =>
          void this.onPublished(key).catch((e) => this.deps.log.error(e, 'going live failed')),
        unpublished: (key) =>
          void this.onUnpublished(key).catch((e) => this.deps.log.error(e, 'going offline failed')),
      },
    });
    // Only what no live process holds is corrected: another process's streams stay live (fault 2).
    await this.correctUnowned(true);
    for (const row of await sources.repo.all()) {
      this.keys.set(row);
      this.keys.setCorporationBlocked(
        row.corporationId,
        await this.deps.isCorporationBlocked(row.corporationId),
      );
      await this.reconcilePublisher(row);
    }
    this.deps.events.onChange((e) => {
      if (e.type === 'output') void this.outputFeedChanged(e.id, e.action === 'deleted');
    });
    this.leases.start();
    this.tick = setInterval(() => {
      this.metered.tick();
      void this.reconcileAll().catch((err) => this.deps.log.warn({ err }, 'live reconcile failed'));
    }, TICK_MS);
    this.tick.unref();
  }

  get rtmpPort() {
    return this.ingest?.port;
  }

  /** RTMP address of a stream key on this node's ingest, for the programs of players. */
  localUrl(streamKey: string) {
    return this.ingest?.localUrl(streamKey);
  }

  /** Something to close once the engine has stopped (the control channel). */
  onStop(close: () => Promise<void>) {
    this.closers.push(close);
  }

  async stop() {
    this.stopping = true;
    clearInterval(this.tick);
    this.metered.tick();
    this.targets.stopping = true;
    await this.targets.stopAll();
    // Recordings in progress stay on disk; the next start imports them (RecordingsService).
    this.recordings.abort();
    await this.publishers.stopAll();
    await this.endLocalStreams();
    await this.ingest?.stop();
    // Released, not left to expire: the other processes correct what this one ran at once.
    await this.leases.stop();
    for (const close of this.closers) await close();
  }

  /** A stopping process ends the streams it owns itself (quietly), before it releases their leases. */
  private async endLocalStreams() {
    for (const key of this.ingest?.publishing() ?? []) {
      const row = this.keys.source(key);
      const fence = row && this.leases.fence('source', row.id);
      if (!row || !fence) continue;
      if (await this.deps.sources.repo.updateFenced(row.id, { live: false, streamStart: null }, fence))
        await this.deps.streamInfos.close(row.id, new Date());
    }
  }

  /** Byte counters of a workspace's live sources and running targets (the Flowchart's stats). */
  readings(workspaceId: string): StatsReading[] {
    return readingsOf(workspaceId, this.keys, this.ingest, this.targets);
  }

  // --- LiveControl: called by the services after a committed change ---

  async sourceChanged(row: SourceRow) {
    const before = this.keys.source(row.streamKey);
    this.keys.set(row);
    if (!this.keys.mayPublish(row.streamKey) && row.live) this.ingest?.kick(row.streamKey);
    if (before && before.streamKey !== row.streamKey) this.ingest?.kick(before.streamKey);
    await this.reconcilePublisher(row);
    await this.followRecordingSwitch(row);
  }

  /**
   * Recording switched on while live starts a recording now (it covers the rest of the session); switched
   * off, the running one is saved to the library at once, as if the stream had ended.
   */
  private async followRecordingSwitch(row: SourceRow) {
    // Only the process the stream is live in records it.
    if (row.recording && row.live && this.leases.fence('source', row.id))
      return this.startRecording(row, new Date());
    if (!row.recording && this.recordings.has(row.id))
      void this.recordings
        .finish(row, true)
        .catch((e) => this.deps.log.error({ err: e, sourceId: row.id }, 'saving the recording failed'));
  }

  async sourceRemoved(row: Pick<SourceRow, 'id' | 'streamKey'>) {
    this.keys.removeSource(row.id);
    await this.publishers.stop(row.id);
    this.ingest?.kick(row.streamKey);
    await this.stopTargetsOf(row.id);
  }

  async targetChanged(row: TargetRow) {
    await this.targets.stop(row.id);
    if (!row.enabled) return;
    if (row.outputId) {
      const feed = await this.deps.programFeed(row.outputId);
      if (feed) await this.targets.run(row, feed);
      return;
    }
    const source = row.sourceId ? await this.deps.sources.repo.byId(row.sourceId) : undefined;
    // A source's targets run where its stream is: in the process holding the source's lease.
    if (source?.live && this.ingest && this.leases.fence('source', source.id))
      await this.targets.run(row, this.ingest.localUrl(source.streamKey));
  }

  /** A player's program started, switched off or went away: its targets follow. */
  private async outputFeedChanged(outputId: string, deleted: boolean) {
    const feed = deleted ? undefined : await this.deps.programFeed(outputId);
    if (!feed) {
      // By runner, not by row: a deleted player's targets have already lost their outputId.
      await this.targets.stopWhere((r) => r.outputId === outputId);
      return;
    }
    for (const target of await this.deps.targets.repo.byOutput(outputId))
      if (target.enabled && !this.targets.has(target.id)) await this.targets.run(target, feed);
  }

  async targetRemoved(id: string) {
    await this.targets.stop(id);
  }

  private stopTargetsOf(sourceId: string) {
    return this.targets.stopWhere((r) => r.sourceId === sourceId);
  }

  // --- ingest events ---

  private async onPublished(key: string) {
    if (this.stopping) return;
    // The publish check reads the database: a key rotated, deleted or blocked through another process
    // is refused even before that process's message arrives here.
    const row = await this.deps.sources.repo.byKey(key);
    if (row) {
      this.keys.set(row);
      this.keys.setCorporationBlocked(
        row.corporationId,
        await this.deps.isCorporationBlocked(row.corporationId),
      );
    }
    const fence = row && this.mayStart(key) ? await this.leases.claim('source', row.id) : undefined;
    if (!row || !fence) {
      // Unknown, refused, or the source is already live through another process: one owner only.
      this.ingest?.kick(key);
      return;
    }
    const start = new Date();
    const updated = await this.deps.sources.repo.updateFenced(
      row.id,
      { live: true, streamStart: start, lastError: null, streamInfo: null },
      fence,
    );
    if (!updated) return this.ingest?.kick(key);
    this.metered.live(updated);
    this.keys.set(updated);
    announceSource(this.deps, updated);
    this.deps
      .notify(updated, 'stream-live')
      .catch((e) => this.deps.log.warn(e, 'stream-live notification failed'));
    const sessionId = await this.deps.streamInfos.open(updated, start);
    setTimeout(() => void this.probe(updated, sessionId), PROBE_DELAY_MS).unref();
    for (const target of await this.deps.targets.repo.bySource(row.id))
      if (target.enabled && this.ingest)
        await this.targets.run(target, this.ingest.localUrl(updated.streamKey));
    if (updated.recording) await this.startRecording(updated, start);
  }

  private async startRecording(row: SourceRow, start: Date) {
    if (!this.ingest || !this.deps.capabilities.ffmpeg) return;
    await this.recordings.start(row, start, this.ingest.localUrl(row.streamKey));
  }

  private async onUnpublished(key: string) {
    const row = this.keys.source(key);
    if (!row) return;
    this.metered.ended(row.id);
    await this.stopTargetsOf(row.id);
    if (this.stopping) return;
    void this.recordings
      .finish(row)
      .catch((e) => this.deps.log.error({ err: e, sourceId: row.id }, 'saving the recording failed'));
    const fence = this.leases.fence('source', row.id);
    const updated = fence
      ? await this.deps.sources.repo.updateFenced(row.id, { live: false, streamStart: null }, fence)
      : undefined;
    // Without the lease another process owns the source now and writes its state.
    if (!updated) return;
    this.keys.set(updated);
    await streamEnded(this.deps, updated);
  }

  private async probe(row: SourceRow, sessionId: string) {
    if (!this.ingest || !this.deps.capabilities.ffprobe) return;
    const url = this.ingest.localUrl(row.streamKey);
    await probeLiveSource(this.deps, {
      url,
      row,
      sessionId,
      fence: () => this.leases.fence('source', row.id),
    });
  }

  // --- processes ---

  private async reconcilePublisher(row: SourceRow) {
    if (!this.ingest || !this.deps.capabilities.ffmpeg) return;
    await this.publishers.reconcile(row, !this.stopping && this.deps.regions.runsPublisher(row));
  }

  /**
   * Scheduled starts and maintenance windows begin and end with the clock; a control message this process
   * missed is caught up here (a publisher whose key is gone or refused is disconnected); and live state
   * no process holds is corrected.
   */
  private async reconcileAll() {
    const rows = await this.deps.sources.repo.all();
    const current = new Set(rows.map((r) => r.streamKey));
    for (const row of rows) {
      this.keys.set(row);
      if (!this.keys.mayPublish(row.streamKey) && row.live) this.ingest?.kick(row.streamKey);
      await this.reconcilePublisher(row);
    }
    for (const id of await this.publishers.stopGone(new Set(rows.map((r) => r.id))))
      await this.stopTargetsOf(id);
    for (const key of this.ingest?.publishing() ?? [])
      if (!current.has(key) || !this.keys.mayPublish(key)) this.ingest?.kick(key);
    await this.correctUnowned(false);
  }

  async corporationChanged(corporationId: string) {
    const blocked = await this.deps.isCorporationBlocked(corporationId);
    this.keys.setCorporationBlocked(corporationId, blocked);
    if (!blocked) return;
    for (const row of await this.deps.sources.repo.all())
      if (row.corporationId === corporationId && row.live) this.ingest?.kick(row.streamKey);
  }

  // --- leases (issue 19) ---

  private ingestKeyOf(sourceId: string) {
    return this.ingest?.publishing().find((k) => this.keys.source(k)?.id === sourceId);
  }

  private inUse(kind: LeaseKind, id: string) {
    return kind === 'target' ? this.targets.has(id) : this.publishers.has(id) || !!this.ingestKeyOf(id);
  }

  /** Another process took a lease this one held: stop at once, without writing (its writes are fenced). */
  private async leaseLost(kind: LeaseKind, id: string) {
    if (kind === 'target') return this.targetRemoved(id);
    const key = this.ingestKeyOf(id);
    if (key) this.ingest?.kick(key);
    await this.publishers.stop(id);
    this.recordings.abort(id);
    await this.stopTargetsOf(id);
  }

  /**
   * The state of a thing whose owner is gone, written under this process's new lease: a source goes
   * offline (and its publisher starts here if it should run), a target offline (and runs here again when
   * it is fed by a player). `quiet` at start, as before leases: no announcement, no notification.
   */
  private async correct(kind: LeaseKind, id: string, fence: Fence, quiet: boolean) {
    if (this.inUse(kind, id) || this.stopping) return;
    await this.correctState(kind, id, fence, quiet);
    // Nothing runs here for it: free at once, so an encoder reaching any process may take it.
    if (!this.inUse(kind, id)) await this.leases.release(kind, id);
  }

  private async correctState(kind: LeaseKind, id: string, fence: Fence, quiet: boolean) {
    if (kind === 'target') {
      const row = await this.deps.targets.repo.byId(id);
      if (!row) return;
      await this.targets.correct(row, fence, !quiet);
      if (!quiet && row.enabled && row.outputId) await this.targetChanged(row);
      return;
    }
    const row = await this.deps.sources.repo.byId(id);
    if (!row) return;
    const updated = row.live
      ? await this.deps.sources.repo.updateFenced(id, { live: false, streamStart: null }, fence)
      : undefined;
    this.keys.set(updated ?? row);
    if (updated && !quiet) {
      this.deps.log.warn({ sourceId: id }, 'corrected the live state of a source whose process is gone');
      await streamEnded(this.deps, updated);
    }
    await this.reconcilePublisher(updated ?? row);
  }

  /** Live sources and running targets that no process holds (a process died, or stopped without writing). */
  private async correctUnowned(quiet: boolean) {
    const things = [
      ...(await this.deps.sources.repo.liveWithoutOwner()).map((r) => ['source', r.id] as const),
      ...(await this.deps.targets.repo.activeWithoutOwner()).map((r) => ['target', r.id] as const),
    ];
    for (const [kind, id] of things) {
      const fence = await this.leases.claim(kind, id);
      if (fence) await this.correct(kind, id, fence, quiet);
    }
  }
}
