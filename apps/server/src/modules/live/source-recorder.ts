/**
 * Records one live session of a source into the media library. State: the parts written so far and the
 * ffmpeg of the current part. A part ends when ffmpeg exits; while the source is still live a new part
 * starts (a hiccup must not end the recording). When the session ends the parts are joined and handed
 * to `finished`, which makes them a media; nothing is dropped on the way.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { concatParts, recordLive } from '@stromwerk/media/file-args';
import { runToCompletion } from '@stromwerk/media/run-to-completion';
import type { FastifyBaseLogger } from 'fastify';

const STOP_WAIT_MS = 8000;
const MIN_PART_BYTES = 1024;

export interface RecorderDeps {
  ffmpegPath: string;
  log: FastifyBaseLogger;
  /** Size of a finished part, or null when ffmpeg left none. */
  size(file: string): Promise<number | null>;
}

export class SourceRecorder {
  private readonly parts: string[] = [];
  private current: { done: Promise<unknown>; abort: AbortController } | undefined;
  private live = true;
  readonly startedAt = new Date();

  constructor(
    private readonly input: string,
    private readonly dir: string,
    private readonly deps: RecorderDeps,
    private readonly label: string,
  ) {}

  start() {
    const file = join(this.dir, `part-${String(this.parts.length).padStart(3, '0')}.ts`);
    this.parts.push(file);
    const abort = new AbortController();
    const done = runToCompletion(recordLive(this.input, file), {
      command: this.deps.ffmpegPath,
      signal: abort.signal,
      label: this.label,
    })
      .catch((e) => this.deps.log.debug({ err: e, label: this.label }, 'recording part ended'))
      .then(() => {
        if (this.live && this.current?.abort === abort) setTimeout(() => this.live && this.start(), 1000);
      });
    this.current = { done, abort };
  }

  /**
   * The session ended: let ffmpeg finish on its own (its read times out), then join the parts. `now`:
   * recording was switched off while the stream goes on, so ffmpeg is stopped at once (a TS part stays
   * readable up to its last packet).
   */
  async finish(now = false): Promise<string | null> {
    this.live = false;
    const current = this.current;
    if (current) {
      const timer = setTimeout(() => current.abort.abort(), now ? 0 : STOP_WAIT_MS);
      await current.done;
      clearTimeout(timer);
    }
    const kept: string[] = [];
    for (const part of this.parts) if (((await this.deps.size(part)) ?? 0) >= MIN_PART_BYTES) kept.push(part);
    if (kept.length <= 1) return kept[0] ?? null;
    const list = join(this.dir, 'parts.txt');
    await writeFile(list, kept.map((p) => `file '${p.replace(/'/g, "'\\''")}'`).join('\n'));
    const joined = join(this.dir, 'recording.ts');
    await runToCompletion(concatParts(list, joined), { command: this.deps.ffmpegPath, label: this.label });
    return joined;
  }

  /** Shutdown: stop at once; what was written stays in the folder. */
  abort() {
    this.live = false;
    this.current?.abort.abort();
  }
}
