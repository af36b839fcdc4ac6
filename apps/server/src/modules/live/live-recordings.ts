import type { FastifyBaseLogger } from 'fastify';
import type { RecordingOwnerRef, RecordingsService } from '../medias/recordings.service';
import { LiveRecorder, type RecordingInput } from './live-recorder';

/** The recordings this process makes now: one `LiveRecorder` per recorded source or player. */
export class LiveRecordings {
  private readonly recorders = new Map<string, LiveRecorder>();

  constructor(
    private readonly recordings: RecordingsService,
    private readonly ffmpegPath: string,
    private readonly log: FastifyBaseLogger,
    private readonly recorder: () => string,
  ) {}

  has(ownerId: string) {
    return this.recorders.has(ownerId);
  }

  /**
   * Records `input` (addresses on this process's ingest; one address serves every part) while `streamOn`
   * says the ingest has it.
   */
  async start(owner: RecordingOwnerRef, input: RecordingInput | string, streamOn: () => boolean) {
    if (this.recorders.has(owner.id)) return;
    const inputs = typeof input === 'string' ? { first: input, next: input } : input;
    const recorder = new LiveRecorder(owner, inputs, {
      recordings: this.recordings,
      ffmpegPath: this.ffmpegPath,
      log: this.log,
      recorder: this.recorder,
      streamOn,
    });
    this.recorders.set(owner.id, recorder);
    await recorder.start();
  }

  /** The session ended (or recording was switched off: `now`): what was recorded waits to be joined. */
  async stop(ownerId: string, now = false) {
    const recorder = this.recorders.get(ownerId);
    if (!recorder) return;
    this.recorders.delete(ownerId);
    await recorder.stop(now);
  }

  /** Stops without a write (another process continues); all of them without an id (shutdown). */
  abort(ownerId?: string) {
    for (const [id, recorder] of this.recorders)
      if (ownerId === undefined || id === ownerId) {
        recorder.abort();
        this.recorders.delete(id);
      }
  }
}
