import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import type { MediaCapabilities } from '@stromwerk/media/capabilities';
import { probeStream } from '@stromwerk/media/probe';
import type { ProcessSupervisor } from '@stromwerk/media/supervisor';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../lib/events';
import type { Config } from '../../plugins/config';
import { type RtmpIngest, startRtmpIngest } from '../../plugins/rtmp-ingest';
import type { SourceRow } from '../sources/sources.repository';
import type { SourcesService } from '../sources/sources.service';
import type { StreamInfosService } from '../stream-infos/stream-infos.service';
import type { TargetRow } from '../targets/targets.repository';
import type { TargetsService } from '../targets/targets.service';
import type { MeterScope, UsageMeter } from '../usage/usage-meter';
import type { LiveControl } from './live-control';
import { type PublisherContext, publisherFor, shouldPublish } from './source-publishers';
import { SourceRecorder } from './source-recorder';
import { StreamKeyRegistry } from './stream-keys';
import { TargetRunner, type TargetStatus } from './target-runner';

const TICK_MS = 5000;
const PROBE_DELAY_MS = 1500;

export interface LiveEngineDeps {
  config: Config;
  capabilities: MediaCapabilities;
  sources: SourcesService;
  targets: TargetsService;
  streamInfos: StreamInfosService;
  events: EventBus;
  log: FastifyBaseLogger;
  mediaFile: PublisherContext['mediaFile'];
  isCorporationBlocked(id: string): Promise<boolean>;
  /** The program playlist of a player that is showing something, for targets fed by it. */
  programFeed(outputId: string): Promise<string | undefined>;
  /** Where live sessions of sources with recording on are written, and what becomes of them. */
  recordings: {
    dirFor(sourceId: string, startedAt: Date): Promise<string>;
    size(file: string): Promise<number | null>;
    finished(row: SourceRow, file: string | null, startedAt: Date, dir: string): Promise<void>;
  };
  /** Ingest, target and recording time and pushed bytes are metered (issue 17). */
  meter?: UsageMeter;
  /** A corporation past its monthly live hours: its NEW publishes are refused (running ones go on). */
  liveRefused?(corporationId: string): boolean;
  /** Stored notification for the workspace's members: a stream began or ended. */
  notify(row: SourceRow, kind: 'stream-live' | 'stream-offline'): Promise<unknown>;
}

/**
 * The live media plane of this node (ARCHITECTURE section 6). It owns the RTMP ingest, the processes that
 * feed demo, re-live and SRT sources, and one push process per running target. The database says what
 * should run; the engine makes it so and writes back what actually happens (live, online, errors).
 */
export class LiveEngine implements LiveControl {
  private ingest: RtmpIngest | undefined;
  private readonly keys = new StreamKeyRegistry();
  private readonly publishers = new Map<string, { supervisor: ProcessSupervisor; signature: string }>();
  private readonly runners = new Map<string, TargetRunner>();
  private readonly recorders = new Map<string, { recorder: SourceRecorder; dir: string }>();
  private tick: NodeJS.Timeout | undefined;
  private stopping = false;
  /** Sources whose publisher is connected to THIS node's ingest (the database's `live` is any node's). */
  private readonly liveHere = new Map<string, MeterScope>();
  private lastMetered = Date.now();

  constructor(private readonly deps: LiveEngineDeps) {}

  async start() {
    const { config, sources, targets } = this.deps;
    this.ingest = await startRtmpIngest({
      port: config.rtmpPort,
      host: config.host,
      dataDir: config.dataDir,
      hooks: {
        mayPublish: (key) => {
          const row = this.keys.source(key);
          return this.keys.mayPublish(key) && !(row && this.deps.liveRefused?.(row.corporationId));
        },
        published: (key) =>
          void this.onPublished(key).catch((e) => this.deps.log.error(e, 'going live failed')),
        unpublished: (key) =>
          void this.onUnpublished(key).catch((e) => this.deps.log.error(e, 'going offline failed')),
      },
    });
    await targets.repo.resetStates();
    for (const row of await sources.repo.all()) {
      const reset = row.live
        ? ((await sources.repo.update(row.id, { live: false, streamStart: null })) ?? row)
        : row;
      this.keys.set(reset);
      this.keys.setCorporationBlocked(
        row.corporationId,
        await this.deps.isCorporationBlocked(row.corporationId),
      );
      await this.reconcilePublisher(reset);
    }
    this.deps.events.onChange((e) => {
      if (e.type === 'corporation' && e.action === 'updated') void this.corporationChanged(e.id);
      if (e.type === 'output') void this.outputFeedChanged(e.id, e.action === 'deleted');
    });
    this.tick = setInterval(() => {
      this.meterTime();
      void this.reconcileAll();
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

  async stop() {
    this.stopping = true;
    clearInterval(this.tick);
    this.meterTime();
    await Promise.all([...this.runners.values()].map((r) => r.stop()));
    // Recordings in progress stay on disk; the next start imports them (RecordingsService).
    for (const { recorder } of this.recorders.values()) recorder.abort();
    this.recorders.clear();
    await Promise.all([...this.publishers.values()].map((p) => p.supervisor.stop()));
    this.runners.clear();
    this.publishers.clear();
    await this.ingest?.stop();
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
    if (row.recording && row.live) return this.startRecording(row, new Date());
    if (!row.recording && this.recorders.has(row.id))
      void this.finishRecording(row, true).catch((e) =>
        this.deps.log.error({ err: e, sourceId: row.id }, 'saving the recording failed'),
      );
  }

  async sourceRemoved(row: SourceRow) {
    this.keys.removeSource(row.id);
    await this.stopPublisher(row.id);
    this.ingest?.kick(row.streamKey);
    await this.stopTargetsOf(row.id);
  }

  async targetChanged(row: TargetRow) {
    await this.runners.get(row.id)?.stop();
    this.runners.delete(row.id);
    if (!row.enabled) return;
    if (row.outputId) {
      const feed = await this.deps.programFeed(row.outputId);
      if (feed) this.runTarget(row, feed);
      return;
    }
    const source = row.sourceId ? await this.deps.sources.repo.byId(row.sourceId) : undefined;
    if (source?.live && this.ingest) this.runTarget(row, this.ingest.localUrl(source.streamKey));
  }

  /** A player's program started, switched off or went away: its targets follow. */
  private async outputFeedChanged(outputId: string, deleted: boolean) {
    const feed = deleted ? undefined : await this.deps.programFeed(outputId);
    if (!feed) {
      // By runner, not by row: a deleted player's targets have already lost their outputId.
      const fed = [...this.runners.entries()].filter(([, r]) => r.row.outputId === outputId);
      for (const [id] of fed) this.runners.delete(id);
      await Promise.all(fed.map(([, r]) => r.stop()));
      return;
    }
    for (const target of await this.deps.targets.repo.byOutput(outputId))
      if (target.enabled && !this.runners.has(target.id)) this.runTarget(target, feed);
  }

  async targetRemoved(id: string) {
    await this.runners.get(id)?.stop();
    this.runners.delete(id);
  }

  // --- ingest events ---

  private async onPublished(key: string) {
    const row = this.keys.source(key);
    if (!row || this.stopping) return;
    const start = new Date();
    this.meterTime();
    this.liveHere.set(row.id, { corporationId: row.corporationId, workspaceId: row.workspaceId });
    const updated = (await this.deps.sources.repo.update(row.id, {
      live: true,
      streamStart: start,
      lastError: null,
      streamInfo: null,
    }))!;
    this.keys.set(updated);
    this.announce(updated);
    this.deps
      .notify(updated, 'stream-live')
      .catch((e) => this.deps.log.warn(e, 'stream-live notification failed'));
    const sessionId = await this.deps.streamInfos.open(updated, start);
    setTimeout(() => void this.probe(updated, sessionId), PROBE_DELAY_MS).unref();
    for (const target of await this.deps.targets.repo.bySource(row.id))
      if (target.enabled && this.ingest) this.runTarget(target, this.ingest.localUrl(updated.streamKey));
    if (updated.recording) await this.startRecording(updated, start);
  }

  private async startRecording(row: SourceRow, start: Date) {
    if (!this.ingest || !this.deps.capabilities.ffmpeg || this.recorders.has(row.id)) return;
    const dir = await this.deps.recordings.dirFor(row.id, start);
    const recorder = new SourceRecorder(
      this.ingest.localUrl(row.streamKey),
      dir,
      { ffmpegPath: this.deps.config.ffmpegPath, log: this.deps.log, size: this.deps.recordings.size },
      `recording ${row.id}`,
    );
    this.recorders.set(row.id, { recorder, dir });
    recorder.start();
  }

  private async finishRecording(row: SourceRow, now = false) {
    const entry = this.recorders.get(row.id);
    if (!entry) return;
    this.recorders.delete(row.id);
    const file = await entry.recorder.finish(now);
    await this.deps.recordings.finished(row, file, entry.recorder.startedAt, entry.dir);
  }

  private async onUnpublished(key: string) {
    const row = this.keys.source(key);
    if (!row) return;
    this.meterTime();
    this.liveHere.delete(row.id);
    await this.stopTargetsOf(row.id);
    if (this.stopping) return;
    void this.finishRecording(row).catch((e) =>
      this.deps.log.error({ err: e, sourceId: row.id }, 'saving the recording failed'),
    );
    const updated = (await this.deps.sources.repo.update(row.id, { live: false, streamStart: null }))!;
    this.keys.set(updated);
    await this.deps.streamInfos.close(row.id, new Date());
    this.announce(updated);
    this.deps
      .notify(updated, 'stream-offline')
      .catch((e) => this.deps.log.warn(e, 'stream-offline notification failed'));
  }

  private async probe(row: SourceRow, sessionId: string) {
    if (!this.ingest || !this.deps.capabilities.ffprobe) return;
    try {
      const p = await probeStream(this.ingest.localUrl(row.streamKey), this.deps.config.ffprobePath, 8000);
      const info: StreamInfo = {
        formatName: p.formatName ?? null,
        video: p.video
          ? {
              codec: p.video.codec,
              width: p.video.width,
              height: p.video.height,
              fps: p.video.fps ?? null,
              bitrateKbps: p.video.bitrateKbps ?? null,
              profile: p.video.profile ?? null,
            }
          : null,
        audio: p.audio
          ? {
              codec: p.audio.codec,
              sampleRate: p.audio.sampleRate ?? null,
              channels: p.audio.channels ?? null,
              bitrateKbps: p.audio.bitrateKbps ?? null,
            }
          : null,
      };
      const current = await this.deps.sources.repo.byId(row.id);
      if (!current?.live) return;
      const updated = (await this.deps.sources.repo.update(row.id, { streamInfo: info }))!;
      await this.deps.streamInfos.setInfo(sessionId, info);
      this.announce(updated);
    } catch (e) {
      this.deps.log.warn({ err: e, sourceId: row.id }, 'probing the live stream failed');
    }
  }

  // --- processes ---

  private runTarget(row: TargetRow, input: string) {
    if (this.runners.has(row.id)) return;
    const report = (status: TargetStatus) => void this.saveTargetStatus(row, status);
    if (!this.deps.capabilities.ffmpeg) {
      report({
        state: 'not-connected',
        lastError: 'ffmpeg is not available on this server',
        onlineSince: null,
        bitrateKbps: null,
        restarts: 0,
      });
      return;
    }
    const scope = { corporationId: row.corporationId, workspaceId: row.workspaceId };
    const runner = new TargetRunner(row, input, this.deps.config.ffmpegPath, report, {
      allowPrivate: this.deps.config.targetAllowPrivate,
      pushed: (bytes) => this.deps.meter?.add(scope, 'egress_bytes', bytes),
      log: ({ targetId, reason }) => this.deps.log.warn({ targetId, reason }, 'target attempt failed'),
    });
    this.runners.set(row.id, runner);
    runner.start();
  }

  private async saveTargetStatus(row: TargetRow, status: TargetStatus) {
    const updated = await this.deps.targets.repo.update(row.id, status);
    if (updated)
      this.deps.events.changed({
        type: 'target',
        action: 'updated',
        id: row.id,
        corporationId: row.corporationId,
        workspaceId: row.workspaceId,
        data: status,
      });
  }

  private async stopTargetsOf(sourceId: string) {
    const running = [...this.runners.entries()].filter(([, r]) => r.row.sourceId === sourceId);
    await Promise.all(running.map(([, r]) => r.stop()));
    for (const [id] of running) this.runners.delete(id);
  }

  private async reconcilePublisher(row: SourceRow) {
    if (!this.ingest || !this.deps.capabilities.ffmpeg) return;
    const want = shouldPublish(row);
    const signature = [row.type, row.streamKey, row.mediaId, row.loop, row.srtPort, row.name].join('|');
    const current = this.publishers.get(row.id);
    if (current && (!want || current.signature !== signature)) await this.stopPublisher(row.id);
    if (!want || this.publishers.has(row.id)) return;
    const publisher = await publisherFor(row, {
      ffmpegPath: this.deps.config.ffmpegPath,
      listenHost: this.deps.config.host,
      localUrl: this.ingest.localUrl,
      mediaFile: this.deps.mediaFile,
    });
    if (!publisher) return;
    this.publishers.set(row.id, { supervisor: publisher.supervisor, signature });
    publisher.supervisor.start(publisher.args);
  }

  private async stopPublisher(sourceId: string) {
    const p = this.publishers.get(sourceId);
    this.publishers.delete(sourceId);
    await p?.supervisor.stop();
  }

  /** Scheduled starts and maintenance windows begin and end with the clock. */
  /**
   * Adds the time since the last call to every source live on this node (ingest), every online target
   * and every recording in progress. Called every tick and at each change, so a stream's time is whole.
   */
  private meterTime() {
    const now = Date.now();
    const seconds = (now - this.lastMetered) / 1000;
    this.lastMetered = now;
    const meter = this.deps.meter;
    if (!meter || seconds <= 0) return;
    for (const [sourceId, scope] of this.liveHere) {
      meter.add(scope, 'ingest_seconds', seconds);
      if (this.recorders.has(sourceId)) meter.add(scope, 'recording_seconds', seconds);
    }
    for (const runner of this.runners.values())
      if (runner.online)
        meter.add(
          { corporationId: runner.row.corporationId, workspaceId: runner.row.workspaceId },
          'target_seconds',
          seconds,
        );
  }

  private async reconcileAll() {
    for (const row of await this.deps.sources.repo.all()) {
      this.keys.set(row);
      if (!this.keys.mayPublish(row.streamKey) && row.live) this.ingest?.kick(row.streamKey);
      await this.reconcilePublisher(row);
    }
  }

  private async corporationChanged(corporationId: string) {
    const blocked = await this.deps.isCorporationBlocked(corporationId);
    this.keys.setCorporationBlocked(corporationId, blocked);
    if (!blocked) return;
    for (const row of await this.deps.sources.repo.all())
      if (row.corporationId === corporationId && row.live) this.ingest?.kick(row.streamKey);
  }

  private announce(row: SourceRow) {
    this.deps.events.changed({
      type: 'source',
      action: 'updated',
      id: row.id,
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
      data: this.deps.sources.present(row),
    });
  }
}
