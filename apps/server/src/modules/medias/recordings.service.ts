import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { joinSegmentsToMp4 } from '@stromwerk/media/file-args';
import { probeMedia } from '@stromwerk/media/probe';
import { runToCompletion } from '@stromwerk/media/run-to-completion';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, sharedRoot } from '../../plugins/config';
import type { Storage } from '../../plugins/storage';
import type { JobsService } from '../jobs/jobs.service';
import { type MediasService, mediaKey } from './medias.service';
import type { RecordingOwnerRef, RecordingRow, RecordingsRepository } from './recordings.repository';

export type { RecordingOwnerRef };

/**
 * How long a recording nobody records stays open: a session that comes back within it (an encoder that
 * reconnected, a takeover after its process died) continues the same recording.
 */
export const RESUME_WINDOW_MS = 10_000;
/** A joiner that has not said "still at it" for this long died: another process joins the recording. */
export const JOIN_STALE_MS = 60_000;
const JOIN_HEARTBEAT_MS = 10_000;
const MIN_SEGMENT_BYTES = 188 * 8;

const fileSize = (file: string) =>
  stat(file).then(
    (s) => s.size,
    () => null,
  );

/**
 * Recordings of live sessions (issue 29, item 7). While a session records, its segments go to
 * SHARED_DIR/recordings/<id> as they are made (live-recorder.ts), so a process that dies loses at most
 * the segment it was writing, and the process that takes the stream over continues the same recording
 * (`begin` resumes the owner's open one). Once nobody has recorded it for the resume window, one process
 * joins the segments into one MP4 (plays and seeks in every browser) and makes it a library media of
 * origin `recording`. A recording is the user's work: it is kept even past the storage quota.
 */
export class RecordingsService {
  constructor(
    private readonly config: Config,
    private readonly storage: Storage,
    private readonly medias: MediasService,
    private readonly jobs: JobsService,
    private readonly log: FastifyBaseLogger,
    readonly repo: RecordingsRepository,
    /** A recording paused: the processes that join recordings look again (live-events.ts). */
    private readonly paused: () => void,
  ) {}

  private get root() {
    return join(resolve(sharedRoot(this.config)), 'recordings');
  }

  dirOf(id: string) {
    return join(this.root, id);
  }

  /** Starts recording a session: the owner's open recording goes on with a new part, or one begins. */
  async begin(owner: RecordingOwnerRef, recorder: string) {
    const { id, part, startedAt } = await this.repo.resumeOrBegin(owner, recorder);
    const dir = this.dirOf(id);
    await mkdir(dir, { recursive: true });
    return { id, part, dir, prefix: `p${String(part).padStart(4, '0')}`, startedAt };
  }

  async pause(id: string, part: number) {
    await this.repo.pause(id, part);
    this.paused();
  }

  /** The owner's process is gone: what it recorded is joined after the resume window unless continued. */
  async pauseOpenOf(ownerId: string) {
    await this.repo.pauseOpenOf(ownerId);
    this.paused();
  }

  /** A process is gone: what it was recording pauses (all, when `holder` is unset: a single process restarts). */
  async processGone(holder?: string) {
    await this.repo.pauseRecordedBy(holder);
    this.paused();
  }

  nextDue() {
    return this.repo.nextDue(RESUME_WINDOW_MS, JOIN_STALE_MS);
  }

  /** Joins every recording that is due, one at a time; answers how many. */
  async joinDue(me: string): Promise<number> {
    let joined = 0;
    for (let row = await this.claim(me); row; row = await this.claim(me)) {
      await this.join(row, me);
      joined++;
    }
    return joined;
  }

  private claim(me: string) {
    return this.repo.claimDue(me, RESUME_WINDOW_MS, JOIN_STALE_MS);
  }

  /** The segments of every part in order; tiny ones (an ffmpeg that died at once) are left out. */
  private async segments(dir: string) {
    const names = (await readdir(dir).catch(() => [] as string[]))
      .filter((n) => /^p\d+-\d+\.ts$/.test(n))
      .sort();
    const kept: string[] = [];
    for (const n of names)
      if (((await fileSize(join(dir, n))) ?? 0) >= MIN_SEGMENT_BYTES) kept.push(join(dir, n));
    return kept;
  }

  private async join(row: RecordingRow, me: string) {
    const dir = this.dirOf(row.id);
    const beat = setInterval(
      () => void this.repo.stillFinishing(row.id, me).catch(() => {}),
      JOIN_HEARTBEAT_MS,
    );
    try {
      const segments = await this.segments(dir);
      if (segments.length === 0) {
        await this.repo.finished(row.id, { mediaId: null, error: 'nothing was recorded' });
        return;
      }
      const list = join(dir, 'segments.txt');
      await writeFile(list, segments.map((p) => `file '${p.replace(/'/g, "'\\''")}'`).join('\n'));
      const output = join(dir, 'recording.mp4');
      await runToCompletion(joinSegmentsToMp4(list, output), {
        command: this.config.ffmpegPath,
        label: `recording ${row.id}`,
      });
      const mediaId = await this.toMedia(row, output);
      await this.repo.finished(row.id, { mediaId, error: mediaId ? null : 'the recording is not readable' });
      this.log.info(
        { recordingId: row.id, ownerId: row.ownerId, segments: segments.length, mediaId },
        'recording joined',
      );
    } catch (err) {
      this.log.error({ err, recordingId: row.id }, 'joining a recording failed');
      await this.repo.finished(row.id, { mediaId: null, error: (err as Error).message.slice(0, 500) });
    } finally {
      clearInterval(beat);
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async toMedia(row: RecordingRow, file: string): Promise<string | null> {
    const probe = await probeMedia({ url: file, format: 'mp4' }, this.config.ffprobePath, 60_000).catch(
      (err) => {
        this.log.warn({ err, recordingId: row.id }, 'recording is not readable; dropped');
        return null;
      },
    );
    if (!probe) return null;
    const id = randomUUID();
    const bucketRef = mediaKey(id, 'original', '.mp4');
    const size = await this.storage.importFile(bucketRef, file);
    const { durationMs, ...info } = probe;
    const when = row.startedAt.toISOString().slice(0, 16).replace('T', ' ');
    const media = await this.medias.repo.insert({
      id,
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
      name: `${row.ownerName} ${when} UTC`.slice(0, 120),
      origin: 'recording',
      originId: row.ownerId,
      status: 'processing',
      files: [{ kind: 'original', bucketRef, size, mimeType: 'video/mp4' }],
      probe: info,
      sizeBytes: size,
      durationMs,
      uploadedAt: new Date(),
    });
    this.medias.changed(media, 'created');
    await this.jobs.enqueue({ type: 'thumbnail', media });
    return id;
  }
}
