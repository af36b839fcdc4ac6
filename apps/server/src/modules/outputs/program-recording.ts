import type { FastifyBaseLogger } from 'fastify';
import { LiveRecordings } from '../live/live-recordings';
import type { RecordingsService } from '../medias/recordings.service';
import type { OutputRow } from './outputs.repository';

/**
 * The recordings of recording players on this process: each records the live input its program shows
 * now; a switch to another input goes on in the same recording with its next part (its resume window).
 */
export class ProgramRecordings {
  /** The live input each recorded output records now. */
  private readonly recorded = new Map<string, string>();
  private readonly recordings: LiveRecordings;

  constructor(
    private readonly deps: {
      recordings: RecordingsService;
      ffmpegPath: string;
      log: FastifyBaseLogger;
      /** This process's holder name, written on each part. */
      recorder: () => string;
      localUrl(streamKey: string, from?: 'now' | 'start', reader?: string): string | undefined;
      streamOn(streamKey: string): boolean;
    },
  ) {
    this.recordings = new LiveRecordings(deps.recordings, deps.ffmpegPath, deps.log, deps.recorder);
  }

  has(outputId: string) {
    return this.recorded.has(outputId);
  }

  /**
   * The output records `url` (its live input, published as `streamKey`) from now on, or stops recording
   * (`url` undefined). A recording that begins (not one that follows a switch of inputs) reads its first
   * part from the input's first keyframe where the ingest kept it: on a busy machine the program starts
   * seconds after the source went live, and a reader begins at the current picture group. After a switch
   * it reads from now: the part before it recorded the other input meanwhile.
   */
  async follow(row: OutputRow, url: string | undefined, streamKey: string | undefined) {
    const switched = this.finish(row.id, url);
    if (!url || !streamKey || this.recorded.has(row.id)) return;
    this.recorded.set(row.id, url);
    const owner = {
      kind: 'output' as const,
      id: row.id,
      name: row.name,
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
    };
    const first = (!switched && this.deps.localUrl(streamKey, 'start', row.id)) || url;
    await this.recordings.start(owner, { first, next: url }, () => this.deps.streamOn(streamKey));
  }

  /**
   * Ends the output's recording part unless it is still recording `keepUrl`. A part that ends because the
   * input switched is followed by the next input's part in the same recording. True when it ended for
   * such a switch.
   */
  finish(outputId: string, keepUrl?: string): boolean {
    const url = this.recorded.get(outputId);
    if (url === undefined || url === keepUrl) return false;
    this.recorded.delete(outputId);
    void this.recordings
      .stop(outputId, keepUrl !== undefined)
      .catch((err) => this.deps.log.error({ err, outputId }, 'saving the program recording failed'));
    return keepUrl !== undefined;
  }

  /** Stops every part without a write: whoever takes the writers over continues (the resume window). */
  abort() {
    this.recordings.abort();
    this.recorded.clear();
  }
}
