/**
 * VOD after stream: the output's last recording, cut once into a VOD playlist (`vod.m3u8` and
 * `vod_<n>.ts` beside the program playlist, see packages/media/src/vod-args.ts). `vod.media` names the
 * recording the files belong to, so a packaged recording is reused and a newer one replaces it. A player
 * with a quality ladder gets its lower rungs too (`r<n>/vod.m3u8`, vod-ladder-args.ts) and
 * `vod-master.m3u8` offering them, once they are ended; until then the VOD plays as the recording alone.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LadderEncoding } from '@stromwerk/media/abr-args';
import { type LadderSource, type PlannedRung, renderMultivariant } from '@stromwerk/media/abr-ladder';
import { runToCompletion } from '@stromwerk/media/run-to-completion';
import type { StoredInput } from '@stromwerk/media/safe-input';
import { VOD_PLAYLIST, vodComplete, vodHls } from '@stromwerk/media/vod-args';
import { VOD_MULTIVARIANT, vodRungsHls } from '@stromwerk/media/vod-ladder-args';
import type { FastifyBaseLogger } from 'fastify';

const MARKER = 'vod.media';

const read = (path: string) => readFile(path, 'utf8').catch(() => null);

/** The ended VOD playlist in `dir`, or null while there is none (not packaged yet, or packaging). */
export async function readVod(dir: string): Promise<string | null> {
  const text = await read(join(dir, VOD_PLAYLIST));
  return vodComplete(text) && (await read(join(dir, MARKER))) ? text : null;
}

const RUNG_DIR = /^r\d+$/;

/** A lower rung's ended VOD playlist (`r1/vod.m3u8`), or null; only beside a packaged top rung. */
export async function readRungVod(dir: string, rung: string): Promise<string | null> {
  if (!RUNG_DIR.test(rung) || !(await read(join(dir, MARKER)))) return null;
  const text = await read(join(dir, rung, VOD_PLAYLIST));
  return vodComplete(text) ? text : null;
}

/**
 * The VOD's multivariant playlist, or null while a rung it names is not ended (still packaging, or its
 * folder removed with the live ladder): then the VOD plays as the top rung alone.
 */
export async function readVodMultivariant(dir: string): Promise<string | null> {
  const text = await read(join(dir, VOD_MULTIVARIANT));
  if (!text || !(await readVod(dir))) return null;
  for (const [, rung] of text.matchAll(/^(r\d+)\/index\.m3u8$/gm))
    if (!(await readRungVod(dir, rung!))) return null;
  return text;
}

/** The lower rungs of a VOD: the ladder planned from the recording (its own picture first, copied). */
export interface VodLadder {
  rungs: readonly PlannedRung[];
  source: LadderSource;
  encoding?: LadderEncoding;
}

export class VodPackager {
  private readonly jobs = new Map<string, { mediaId: string; done: Promise<void> }>();

  constructor(private readonly deps: { ffmpegPath: string; log: FastifyBaseLogger }) {}

  /**
   * Starts packaging `mediaId` into `dir` unless it is packaged there or being packaged: the top rung by
   * copy first (the VOD plays from then on), then, with a `ladder` and a copyable recording, its lower
   * rungs and the multivariant playlist that offers them.
   */
  async ensure(
    dir: string,
    mediaId: string,
    input: () => Promise<StoredInput>,
    transcode: boolean,
    ladder?: VodLadder,
  ) {
    const job = this.jobs.get(dir);
    if (job?.mediaId === mediaId) return job.done;
    await job?.done;
    const packaged = (await read(join(dir, MARKER))) === mediaId && !!(await readVod(dir));
    const rungs = !transcode && ladder?.rungs.some((r) => !r.copy && r.dir) ? ladder : undefined;
    if (packaged && (!rungs || (await readVodMultivariant(dir)))) return;
    const done = (async () => {
      if (!packaged) await this.package(dir, mediaId, input, transcode);
      if (rungs) await this.packageRungs(dir, mediaId, input, rungs);
    })()
      .catch((err) => this.deps.log.error({ err, mediaId }, 'packaging the VOD failed'))
      .finally(() => this.jobs.delete(dir));
    this.jobs.set(dir, { mediaId, done });
    return done;
  }

  /** The lower rungs, then the multivariant playlist (by rename: a reader never sees half of it). */
  private async packageRungs(dir: string, mediaId: string, input: () => Promise<StoredInput>, l: VodLadder) {
    for (const r of l.rungs) if (r.dir) await mkdir(join(dir, r.dir), { recursive: true });
    await this.clearRungs(dir);
    await runToCompletion(vodRungsHls({ input: await input(), dir, rungs: l.rungs, encoding: l.encoding }), {
      command: this.deps.ffmpegPath,
      label: `vod rungs ${mediaId}`,
    });
    const tmp = join(dir, `${VOD_MULTIVARIANT}.tmp`);
    await writeFile(tmp, renderMultivariant(l.rungs, l.source));
    await rename(tmp, join(dir, VOD_MULTIVARIANT));
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

  /** Removes the VOD files of an earlier recording, its rungs' too. */
  async clear(dir: string) {
    await this.clearRungs(dir);
    await removeVodFiles(dir, true);
  }

  private async clearRungs(dir: string) {
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => RUNG_DIR.test(n)).map((n) => removeVodFiles(join(dir, n), false)));
  }
}

/** The `vod*` files of a folder (and the marker in the top one); live segments stay. */
async function removeVodFiles(dir: string, marker: boolean) {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((n) => (marker && n === MARKER) || n.startsWith('vod'))
      .map((n) => rm(join(dir, n), { force: true })),
  );
}
