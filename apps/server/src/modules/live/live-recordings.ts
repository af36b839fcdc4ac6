import type { FastifyBaseLogger } from 'fastify';
import type { SourceRow } from '../sources/sources.repository';
import { SourceRecorder } from './source-recorder';

/** Where live sessions of sources with recording on are written, and what becomes of them. */
export interface RecordingSink {
  dirFor(sourceId: string, startedAt: Date): Promise<string>;
  size(file: string): Promise<number | null>;
  finished(row: SourceRow, file: string | null, startedAt: Date, dir: string): Promise<void>;
}

/** The recordings of the sources live in this process (one `SourceRecorder` per live session). */
export class LiveRecordings {
  private readonly recorders = new Map<string, { recorder: SourceRecorder; dir: string }>();

  constructor(
    private readonly sink: RecordingSink,
    private readonly ffmpegPath: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  has(sourceId: string) {
    return this.recorders.has(sourceId);
  }

  async start(row: SourceRow, start: Date, input: string) {
    if (this.recorders.has(row.id)) return;
    const dir = await this.sink.dirFor(row.id, start);
    if (this.recorders.has(row.id)) return;
    const recorder = new SourceRecorder(
      input,
      dir,
      { ffmpegPath: this.ffmpegPath, log: this.log, size: this.sink.size },
      `recording ${row.id}`,
    );
    this.recorders.set(row.id, { recorder, dir });
    recorder.start();
  }

  /** The session ended (or recording was switched off): the file goes to the library. */
  async finish(row: SourceRow, now = false) {
    const entry = this.recorders.get(row.id);
    if (!entry) return;
    this.recorders.delete(row.id);
    const file = await entry.recorder.finish(now);
    await this.sink.finished(row, file, entry.recorder.startedAt, entry.dir);
  }

  /** Stops without importing: the parts stay on disk and the next start imports them. */
  abort(sourceId?: string) {
    for (const [id, { recorder }] of this.recorders)
      if (sourceId === undefined || id === sourceId) {
        recorder.abort();
        this.recorders.delete(id);
      }
  }
}
