import type { FastifyBaseLogger } from 'fastify';
import type { SourcesRepository } from '../sources/sources.repository';
import type { TargetsRepository } from '../targets/targets.repository';
import type { LeaseKeeper } from './lease-keeper';
import type { LiveEvents } from './live-events';
import type { LiveMeter } from './live-meter';
import type { LiveRecordings } from './live-recordings';
import { announceSource, probeLiveSource, type SourceNews, streamEnded } from './live-source-info';
import type { LiveTargets } from './live-targets';
import type { LivePublishers } from './source-publishers';
import type { SessionEffects } from './source-sessions';
import type { StreamKeyRegistry } from './stream-keys';

/** How long a publish waits for the lease while a previous owner hands it over. */
export const CLAIM_WAIT_MS = 2_000;
const PROBE_DELAY_MS = 1_500;

export interface SourceEffectsDeps {
  repo: SourcesRepository;
  targetsRepo: TargetsRepository;
  news: SourceNews;
  liveEvents: LiveEvents;
  keeper: LeaseKeeper;
  keys: StreamKeyRegistry;
  targets: LiveTargets;
  recordings: LiveRecordings;
  publishers: LivePublishers;
  meter: LiveMeter;
  log: FastifyBaseLogger;
  ffprobePath: string;
  /** Whether ffprobe may be run (stream info). */
  canProbe(): boolean;
  /** The key a source's stream is published with on this process's ingest now. */
  publishingKey(sourceId: string): string | undefined;
  /**
   * RTMP address of a key on this process's ingest (undefined on a process without one); `'start'`: for a
   * reader that begins at the publish's first keyframe where the ingest kept it (once per `reader`).
   */
  localUrl(key: string, from?: 'now' | 'start', reader?: string): string | undefined;
  /** Whether this process's ingest has a publish of the key (one resuming in its grace counts). */
  streamOn(key: string): boolean;
  kick(key: string): void;
  /** The source's process is gone: its open recording pauses (recordings.service.ts). */
  pauseRecordingOf(sourceId: string): Promise<void>;
}

const tenantOf = (row: { corporationId: string; workspaceId: string }) => ({
  corporationId: row.corporationId,
  workspaceId: row.workspaceId,
});

/**
 * The effects of the source session machine (source-session.ts), carried out for the runner. Every write
 * of a source's live columns is here, fenced by the source's lease: a process that lost the lease writes
 * nothing (issue 29).
 */
export function sourceEffects(d: SourceEffectsDeps): SessionEffects {
  const fenced = async (id: string, values: Parameters<SourcesRepository['updateFenced']>[1]) => {
    const fence = d.keeper.fence('source', id);
    return fence ? d.repo.updateFenced(id, values, fence) : undefined;
  };
  const keyOf = (id: string) => d.publishingKey(id) ?? d.keys.keyOfSource(id);
  const urlOf = (id: string) => {
    const key = keyOf(id);
    return key === undefined ? undefined : d.localUrl(key);
  };

  const offline = async (id: string, corrected: boolean) => {
    d.meter.ended(id);
    // What a gone process recorded is joined after the resume window, unless a session continues it.
    if (corrected) await d.pauseRecordingOf(id);
    const row = await d.repo.byId(id);
    if (!row?.live) return;
    const updated = await fenced(id, { live: false, streamStart: null });
    if (!updated) return;
    d.keys.set(updated);
    if (corrected) d.log.warn({ sourceId: id }, 'corrected the live state of a source whose process is gone');
    await streamEnded(d.news, updated);
    await d.liveEvents.send({ type: 'source-state', id });
  };

  return {
    async claim(id, state, stillWanted) {
      if (state.publishing) return !!(await d.keeper.want('source', id, CLAIM_WAIT_MS, () => !stillWanted()));
      const correction = state.orphan && !state.wantsPublisher;
      return !!(await d.keeper.claim('source', id, { correction }));
    },
    release: (id) => d.keeper.release('source', id),
    handOver: (id) => d.keeper.handOver('source', id),
    async kick(id) {
      const key = d.publishingKey(id);
      if (key !== undefined) d.kick(key);
    },
    startPublisher: async (id) => {
      const row = await d.repo.byId(id);
      if (row) await d.publishers.start(row);
    },
    stopPublisher: (id) => d.publishers.stop(id),

    /**
     * Live from here. A source that is still live in the database is a session another process began and
     * this one continues after a takeover: its start, stream record and recording go on, nobody is told
     * "offline" then "live" again.
     */
    async goLive(id) {
      const row = await d.repo.byId(id);
      if (!row) return;
      const continued = row.live;
      const start = continued && row.streamStart ? row.streamStart : new Date();
      const updated = await fenced(id, {
        live: true,
        streamStart: start,
        lastError: null,
        ...(continued ? {} : { streamInfo: null }),
      });
      if (!updated) {
        d.log.warn({ sourceId: id }, 'going live refused: the lease is not ours');
        const key = d.publishingKey(id);
        if (key !== undefined) d.kick(key);
        return;
      }
      d.meter.live(updated);
      d.keys.set(updated);
      announceSource(d.news, updated);
      if (!continued)
        d.news.notify(updated, 'stream-live').catch((e) => d.log.warn(e, 'stream-live notification failed'));
      const sessionId = continued
        ? await d.news.streamInfos.continueOrOpen(updated, start)
        : await d.news.streamInfos.open(updated, start);
      // Not waited for: the players everywhere hear it, and this session's pushes start meanwhile.
      void d.liveEvents.send({ type: 'source-state', id });
      const url = urlOf(id);
      if (url && d.canProbe())
        setTimeout(
          () =>
            void probeLiveSource(d.news, d.repo, {
              url,
              id,
              sessionId,
              ffprobePath: d.ffprobePath,
              fence: () => d.keeper.fence('source', id),
            }),
          PROBE_DELAY_MS,
        ).unref();
    },
    goOffline: (id) => offline(id, false),
    correctOffline: (id) => offline(id, true),

    async startTargets(id) {
      const url = urlOf(id);
      if (!url) return;
      for (const target of await d.targetsRepo.bySource(id))
        if (target.enabled) await d.targets.run(target, url);
    },
    stopTargets: (id) => d.targets.stopWhere((r) => r.sourceId === id),

    /** Records from here; a session continued after a takeover continues its recording (the resume window). */
    async startRecording(id) {
      const row = await d.repo.byId(id);
      const key = keyOf(id);
      const url = urlOf(id);
      if (!row || key === undefined || !url) return;
      const owner = { kind: 'source' as const, id, name: row.name, ...tenantOf(row) };
      const first = d.localUrl(key, 'start', id) ?? url;
      await d.recordings.start(owner, { first, next: url }, () => {
        const now = keyOf(id);
        return now !== undefined && d.streamOn(now);
      });
    },
    /** The session ended: ffmpeg finishes the last segment once the stream's end reaches it (not waited for). */
    async stopRecording(id) {
      void d.recordings
        .stop(id)
        .catch((err) => d.log.error({ err, sourceId: id }, 'saving the recording failed'));
    },
    /** Recording switched off while the stream goes on: cut at once. */
    async cutRecording(id) {
      void d.recordings
        .stop(id, true)
        .catch((err) => d.log.error({ err, sourceId: id }, 'saving the recording failed'));
    },
    async pauseRecording(id) {
      d.recordings.abort(id);
    },
  };
}
