/**
 * VOD after stream: the output's last recording, cut once into a VOD playlist (`vod.m3u8` and
 * `vod_<n>.ts` beside the program playlist, see packages/media/src/vod-args.ts). `vod.media` names the
 * recording the files belong to, so a packaged recording is reused and a newer one replaces it.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runToCompletion } from '@stromwerk/media/run-to-completion';
import type { StoredInput } from '@stromwerk/media/safe-input';
import { VOD_PLAYLIST, vodComplete, vodHls } from '@stromwerk/media/vod-args';
import type { FastifyBaseLogger } from 'fastify';

const MARKER = 'vod.media';

const read = (path: string) => readFile(path, 'utf8').catch(() => null);

/** The ended VOD playlist in `dir`, or null while there is none (not packaged yet, or packaging). */
export async function readVod(dir: string): Promise<string | null> {
  const text = await read(join(dir, VOD_PLAYLIST));
  return vodComplete(text) && (await read(join(dir, MARKER))) ? text : null;
}

export class VodPackager {
  private readonly jobs = new Map<string, { mediaId: string; done: Promise<void> }>();

  constructor(private readonly deps: { ffmpegPath: string; log: FastifyBaseLogger }) {}

  /** Starts packaging `mediaId` into `dir` unless it is packaged there or being packaged. */
  async ensure(dir: string, mediaId: string, input: () => Promise<StoredInput>, transcode: boolean) {
    const job = this.jobs.get(dir);
    if (job?.mediaId === mediaId) return job.done;
    await job?.done;
    if ((await read(join(dir, MARKER))) === mediaId && (await readVod(dir))) return;
    const done = this.package(dir, mediaId, input, transcode)
      .catch((err) => this.deps.log.error({ err, mediaId }, 'packaging the VOD failed'))
      .finally(() => this.jobs.delete(dir));
    this.jobs.set(dir, { mediaId, done });
    return done;
  }

  private async package(dir: string, mediaId: string, input: () => Promise<StoredInput>, transcode: boolean) {
    await this.clear(dir);
    await runToCompletion(vodHls({ input: await input(), dir, transcode }), {
      command: this.deps.ffmpegPath,
      label: `vod ${mediaId}`,
    });
    await writeFile(join(dir, MARKER), mediaId);
  }

  /**
   * Removes a VOD that no longer has a recording to show (deleted, or VOD after stream turned off): waits
   * for a packaging still running there, and reads only the marker when there is nothing to remove.
   */
  async discard(dir: string) {
    await this.jobs.get(dir)?.done;
    if ((await read(join(dir, MARKER))) !== null) await this.clear(dir);
  }

  /** Removes the VOD files of an earlier recording. */
  async clear(dir: string) {
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(
      names.filter((n) => n === MARKER || n.startsWith('vod')).map((n) => rm(join(dir, n), { force: true })),
    );
  }
}
