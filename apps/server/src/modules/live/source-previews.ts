import { mkdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { liveFrame } from '@stromwerk/media/file-args';
import { runToCompletion } from '@stromwerk/media/run-to-completion';
import { AppError } from '../../lib/app-error';
import type { SourceRow } from '../sources/sources.repository';

/** A preview is at most this old; every viewer of the list within that time shares one grab. */
const MAX_AGE_MS = 5000;
const GRAB_TIMEOUT_MS = 8000;

/**
 * Live preview thumbnails of sources: one frame grabbed from the ingest by ffmpeg, kept for a few
 * seconds in DATA_DIR/tmp/previews, with concurrent requests for the same source joined to one grab.
 */
export class SourcePreviews {
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly dataDir: string,
    private readonly ffmpegPath: string,
    /** The live plane of this process: only a stream live here can be grabbed. */
    private readonly ingest: { localUrl(streamKey: string): string | undefined },
  ) {}

  async frame(row: SourceRow): Promise<Buffer> {
    const url = row.live ? this.ingest.localUrl(row.streamKey) : undefined;
    if (!url) throw new AppError('NOT_FOUND', 'The source is not live: there is no preview');
    const dir = join(resolve(this.dataDir), 'tmp', 'previews');
    const file = join(dir, `${row.id}.jpg`);
    const age = await stat(file).then(
      (s) => Date.now() - s.mtimeMs,
      () => Number.POSITIVE_INFINITY,
    );
    if (age < MAX_AGE_MS) return readFile(file);
    let grab = this.inFlight.get(row.id);
    if (!grab) {
      grab = (async () => {
        await mkdir(dir, { recursive: true });
        const signal = AbortSignal.timeout(GRAB_TIMEOUT_MS);
        await runToCompletion(liveFrame(url, file), {
          command: this.ffmpegPath,
          signal,
          label: `preview ${row.id}`,
        });
        return readFile(file);
      })().finally(() => this.inFlight.delete(row.id));
      this.inFlight.set(row.id, grab);
    }
    return grab.catch(() => {
      throw new AppError('NOT_FOUND', 'No picture could be taken from the live stream');
    });
  }
}
