import { KEYFRAMES_MAX, type MediaKeyframes } from '@stromwerk/contracts/medias';
import { probeKeyframes } from '@stromwerk/media/keyframes';
import type { MediaFile } from '../../db/schema/media';
import { AppError } from '../../lib/app-error';
import { assertMediaFeature, type MediaStatus } from '../../lib/media-feature';
import type { Actor } from '../../plugins/auth';
import type { Storage } from '../../plugins/storage';
import { storedInput } from './media-input';
import type { MediasService } from './medias.service';

/** Enough for the media of an editing session; a file's keyframes never change under its storage key. */
const CACHED = 64;
const NO_FILE = 'The media has no file yet';

/**
 * Keyframe times of a media's picture (issue 33 item 10), read by ffprobe on first ask and kept per
 * stored file: the Video Editor shows where a lossless render really starts each clip; the render job
 * reads the same list and snaps with the same rule (`losslessCuts` in packages/media/src/draft-args.ts).
 */
export class MediaKeyframesService {
  private readonly cache = new Map<string, Promise<number[]>>();

  constructor(
    private readonly config: { ffprobePath: string },
    private readonly medias: MediasService,
    private readonly storage: Storage,
    private readonly media: MediaStatus,
  ) {}

  async keyframes(actor: Actor, id: string): Promise<MediaKeyframes> {
    const row = await this.medias.row(actor, id, 'read');
    const original = row.files.find((f) => f.kind === 'original');
    if (!original || row.status === 'waiting')
      throw new AppError('CONFLICT', `id: ${NO_FILE}`, [{ field: 'id', message: NO_FILE }]);
    const info = row.probe as { video?: unknown } | null;
    if (info && !info.video) return { mediaId: id, keyframesMs: [] };
    assertMediaFeature(this.media, (c) => c.ffprobe, 'Keyframes need ffprobe, which this server lacks');
    const keyframesMs = await this.read(row, original);
    return { mediaId: id, keyframesMs: keyframesMs.slice(0, KEYFRAMES_MAX) };
  }

  /** One ffprobe per stored file, shared by the asks that come while it runs; the newest files kept. */
  private read(row: { probe: unknown }, file: MediaFile): Promise<number[]> {
    const { bucketRef } = file;
    const known = this.cache.get(bucketRef);
    if (known) {
      this.cache.delete(bucketRef);
      this.cache.set(bucketRef, known);
      return known;
    }
    const reading = storedInput(this.storage, row, file).then((input) =>
      probeKeyframes(input, this.config.ffprobePath),
    );
    reading.catch(() => this.cache.delete(bucketRef));
    this.cache.set(bucketRef, reading);
    if (this.cache.size > CACHED) this.cache.delete(this.cache.keys().next().value!);
    return reading;
  }
}
