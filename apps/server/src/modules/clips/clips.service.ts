import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  CreateClipBody,
  CreateClipResult,
  DvrFastCut,
  DvrFastCutQuery,
  DvrWindow,
} from '@stromwerk/contracts/clips';
import type { Job } from '@stromwerk/contracts/jobs';
import { CLIP_WAIT_MAX_SECONDS } from '@stromwerk/contracts/limits';
import { LATENCY_PROFILES } from '@stromwerk/media/hls-args';
import { gapsOf, parsePlaylist, windowOf } from '@stromwerk/media/hls-playlist';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { assertMediaFeature, type MediaStatus, rendersMp4 } from '../../lib/media-feature';
import type { Actor } from '../../plugins/auth';
import type { Storage } from '../../plugins/storage';
import type { JobsService } from '../jobs/jobs.service';
import { STILLS } from '../jobs/media-stills';
import type { MediaRow } from '../medias/medias.repository';
import { type MediasService, mediaKey } from '../medias/medias.service';
import type { OutputRow } from '../outputs/outputs.repository';
import type { OutputsService } from '../outputs/outputs.service';
import { programDir } from '../outputs/program-engine';
import type { PlayService } from '../play/play.service';
import {
  bytesOf,
  clipInputFolders,
  clipInputsDir,
  removeClipInputs,
  secureSegments,
  writePlan,
} from './clip-inputs';
import { planDvrClip, predictFastCut, refusal } from './clip-plan';

/** Clip jobs go before thumbnails and renders: a user is waiting for the clip. */
const CLIP_PRIORITY = 5;
const iso = (ms: number) => new Date(ms).toISOString();

/** A body id the caller may not use reads as one that does not exist: 400 on that field either way. */
const asField = (field: string, what: string) => (e: unknown) => {
  throw e instanceof AppError && e.statusCode === 404 ? badRequest(field, `${what} not found`) : e;
};

/**
 * Clipping Tool (issue 14): turns a clip request into a clip media (at once, status processing) and a
 * `clip` job, after securing what the job will read (clip-inputs.ts), so the DVR window moving on cannot
 * fail it. Refuses ranges outside the window before any work, and a clip the storage quota has no room for.
 */
export class ClipsService {
  constructor(
    private readonly dataDir: string,
    private readonly outputs: OutputsService,
    private readonly medias: MediasService,
    private readonly jobs: JobsService,
    private readonly play: PlayService,
    private readonly storage: Storage,
    private readonly log: FastifyBaseLogger,
    events: EventBus,
    /** This process's ffmpeg, read at each request (it may still be detecting at start-up). */
    private readonly media: MediaStatus,
  ) {
    events.onChange((e) => {
      if (e.type === 'job' && (e.data as Job | undefined)?.type === 'clip')
        void this.jobEnded(e.data as Job).catch((err) => this.log.warn({ err }, 'clip clean-up failed'));
    });
  }

  async create(actor: Actor, body: CreateClipBody): Promise<CreateClipResult> {
    if (body.outputId) {
      const output = await this.outputs
        .row(actor, body.outputId, 'write')
        .catch(asField('outputId', 'Player'));
      this.needFfmpeg();
      return this.fromOutput(output, body);
    }
    const source = await this.medias.row(actor, body.mediaId!, 'write').catch(asField('mediaId', 'Media'));
    this.needFfmpeg();
    return this.fromMedia(source, body);
  }

  private needFfmpeg() {
    assertMediaFeature(this.media, rendersMp4, 'Clips need ffmpeg with libx264, which this server lacks');
  }

  private async segmentsOf(outputId: string) {
    const text = await readFile(join(programDir(this.dataDir, outputId), 'index.m3u8'), 'utf8').catch(
      () => '',
    );
    return parsePlaylist(text).segments;
  }

  /**
   * The segments a range of a player's DVR needs, by the rule of `planDvrClip`; a refused range throws
   * its error (the window, and the gap it starts or ends in, as details).
   */
  private async planOf(output: OutputRow, range: { from?: string; to?: string; lastSeconds?: number }) {
    const profile = LATENCY_PROFILES[output.settings.latency];
    if (!profile.dvrSeconds)
      throw new AppError(
        'CLIP_RANGE_UNAVAILABLE',
        'This player keeps no DVR: set its latency to High or Very high',
        [{ field: 'outputId', message: 'No DVR at this latency' }],
      );
    const segments = await this.segmentsOf(output.id);
    const plan = planDvrClip({
      segments,
      live: output.input !== 'offline',
      nowMs: Date.now(),
      waitMaxMs: CLIP_WAIT_MAX_SECONDS * 1000,
      fromMs: range.from ? Date.parse(range.from) : undefined,
      toMs: range.to ? Date.parse(range.to) : undefined,
      lastSeconds: range.lastSeconds,
    });
    if (!plan.ok) throw refusal(plan);
    return { plan, windowEndMs: windowOf(segments)!.endMs, segmentMs: profile.segmentSeconds * 1000 };
  }

  /** What the fast cut of a range will cover (issue 33 item 10): the rule the clip job publishes with. */
  async fastCut(actor: Actor, id: string, query: DvrFastCutQuery): Promise<DvrFastCut> {
    const output = await this.outputs.row(actor, id, 'read');
    if (query.lastSeconds !== undefined && (query.from || query.to))
      throw badRequest('lastSeconds', 'Give lastSeconds or from and to, not both');
    if (query.lastSeconds === undefined && !(query.from && query.to))
      throw badRequest(query.from ? 'to' : 'from', 'Required (or lastSeconds)');
    const { plan, windowEndMs, segmentMs } = await this.planOf(output, query);
    const cut = predictFastCut(plan, windowEndMs, segmentMs);
    return { from: iso(cut.startMs), to: iso(cut.endMs), durationMs: cut.durationMs, final: cut.final };
  }

  private async fromOutput(output: OutputRow, body: CreateClipBody) {
    const { plan } = await this.planOf(output, body);
    const media = await this.insertClip(output, body, {
      sourceKind: 'output',
      sourceId: output.id,
      from: iso(plan.fromMs),
      to: iso(plan.toMs),
      inMs: null,
      outMs: null,
      accuracy: body.mode === 'exact' ? 'frame' : 'segment',
    });
    const dir = clipInputsDir(this.dataDir, media.id);
    try {
      const secured = await secureSegments(programDir(this.dataDir, output.id), dir, plan.segments);
      if (!secured)
        throw new AppError(
          'CLIP_RANGE_UNAVAILABLE',
          'The start left the DVR window while the clip was asked for',
          [{ field: 'from', message: 'Left the DVR window' }],
        );
      const perMs = plan.segments.length ? (await bytesOf(dir, plan.segments)) / coveredMs(plan.segments) : 0;
      await this.medias.checkQuota(output.corporationId, Math.round(perMs * (plan.toMs - plan.fromMs)));
      await writePlan(dir, { kind: 'output', outputId: output.id, ...plan, mode: body.mode });
    } catch (e) {
      await this.discard(media);
      throw e;
    }
    return this.enqueue(media);
  }

  private async fromMedia(source: MediaRow, body: CreateClipBody) {
    const inMs = body.inMs!;
    const outMs = body.outMs!;
    if (source.status !== 'ready' || !source.files.some((f) => f.kind === 'original'))
      throw badRequest('mediaId', 'The media is not ready yet');
    const probe = source.probe as { video?: unknown } | null;
    if (!probe?.video || !source.durationMs) throw badRequest('mediaId', 'Only videos can be clipped');
    if (outMs > source.durationMs)
      throw new AppError('CLIP_RANGE_UNAVAILABLE', `The media is ${source.durationMs} ms long`, [
        { field: 'outMs', message: `At most ${source.durationMs}` },
        { field: 'window', message: `0/${source.durationMs}` },
      ]);
    await this.medias.checkQuota(
      source.corporationId!,
      Math.round((source.sizeBytes * (outMs - inMs)) / source.durationMs),
    );
    const media = await this.insertClip(source, body, {
      sourceKind: 'media',
      sourceId: source.id,
      from: null,
      to: null,
      inMs,
      outMs,
      accuracy: 'frame',
    });
    try {
      await writePlan(clipInputsDir(this.dataDir, media.id), {
        kind: 'media',
        sourceMediaId: source.id,
        inMs,
        outMs,
        mode: body.mode,
      });
    } catch (e) {
      await this.discard(media);
      throw e;
    }
    return this.enqueue(media);
  }

  private async insertClip(
    from: { id: string; name: string; corporationId: string | null; workspaceId: string | null },
    body: CreateClipBody,
    clip: NonNullable<MediaRow['clip']>,
  ) {
    const when = clip.from ? clip.from.slice(0, 19).replace('T', ' ') : `${clip.inMs! / 1000} s`;
    const row = await this.medias.repo.insert({
      corporationId: from.corporationId,
      workspaceId: from.workspaceId,
      name: body.name ?? `${from.name} – clip ${when}`.slice(0, 120),
      origin: 'clip',
      originId: from.id,
      status: 'processing',
      clip,
      autoDeleteAt: body.autoDeleteAt ? new Date(body.autoDeleteAt) : null,
    });
    return row;
  }

  private async enqueue(media: MediaRow): Promise<CreateClipResult> {
    this.medias.changed(media, 'created');
    const job = await this.jobs.enqueue({ type: 'clip', media, priority: CLIP_PRIORITY });
    return { job, media: await this.medias.present(media) };
  }

  private async discard(media: MediaRow) {
    await this.medias.repo.delete(media.id);
    await removeClipInputs(this.dataDir, media.id);
  }

  /**
   * A clip job ended: its secured inputs go. Cancelled: the clip goes too (nothing is left of it). Failed:
   * a clip whose fast cut was published stays, saying the exact cut failed; one without a file is failed.
   */
  async jobEnded(job: Job) {
    if (!job.mediaId || !['done', 'failed', 'cancelled'].includes(job.state)) return;
    await removeClipInputs(this.dataDir, job.mediaId);
    if (job.state === 'done') return;
    const media = await this.medias.repo.byId(job.mediaId);
    if (!media) return;
    if (job.state === 'cancelled') {
      await this.medias.remove(media).catch((err) => this.log.warn({ err }, 'cancelled clip not removed'));
      // Stills a cancelled job stored before it could name them in the row.
      for (const [kind, ext] of STILLS) await this.storage.remove(mediaKey(media.id, kind, ext));
      return;
    }
    const hasFile = media.files.some((f) => f.kind === 'original');
    const row = await this.medias.repo.update(media.id, {
      status: hasFile ? 'ready' : 'failed',
      error: hasFile
        ? `The exact cut failed: ${job.error ?? 'unknown error'}`
        : (job.error ?? 'The clip failed'),
    });
    if (row) this.medias.changed(row, 'updated');
  }

  /** Deletes clips (and any media) whose auto-delete time came, and inputs folders no job needs. */
  async sweep() {
    for (const row of await this.medias.repo.expired(new Date())) {
      await this.medias
        .remove(row)
        .catch((err) =>
          this.log.warn({ err, mediaId: row.id }, 'auto-delete postponed: the media is in use'),
        );
    }
    for (const mediaId of await clipInputFolders(this.dataDir)) {
      const active = /^[0-9a-f-]{36}$/.test(mediaId)
        ? await this.jobs.repo.forMedia(mediaId, ['queued', 'running'])
        : [];
      if (active.length === 0) await removeClipInputs(this.dataDir, mediaId);
    }
  }

  async dvr(actor: Actor, id: string): Promise<DvrWindow> {
    const output = await this.outputs.row(actor, id, 'read');
    const profile = LATENCY_PROFILES[output.settings.latency];
    const segments = profile.dvrSeconds ? await this.segmentsOf(id) : [];
    const window = windowOf(segments);
    return {
      live: output.input !== 'offline',
      latency: output.settings.latency,
      dvrSeconds: profile.dvrSeconds,
      segmentSeconds: profile.segmentSeconds,
      windowStart: window ? iso(window.startMs) : null,
      windowEnd: window ? iso(window.endMs) : null,
      gaps: gapsOf(segments).map((g) => ({ start: iso(g.startMs), end: iso(g.endMs) })),
      hlsUrl: window ? await this.play.memberPlaylistUrl(output, actor.user.id) : null,
    };
  }
}

const coveredMs = (segments: { durationMs: number }[]) =>
  Math.max(
    1,
    segments.reduce((sum, s) => sum + s.durationMs, 0),
  );
