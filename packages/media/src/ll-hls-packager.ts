/**
 * Packages ffmpeg's fragmented MP4 (one `moof`+`mdat` per quarter second, a new fragment at every
 * keyframe) as Low-Latency HLS: every fragment is published as a part the moment it arrives, parts are
 * gathered into segments that start at a keyframe once the open one is long enough, and the playlist is
 * rewritten after each part (rename into place, so a reader never sees half a file). Files:
 * `init_<msn>.mp4` (initialization segment, named after the first segment using it), `part_<msn>_<i>.m4s`,
 * `seg_<msn>.m4s` (the parts of a segment, concatenated) and `index.m3u8`.
 *
 * A new `moov` (the writer restarted with other streams) starts a new segment behind a discontinuity.
 * A fragment of audio alone in a stream with video (a writer's input ends with audio past its last
 * frame) is no part of its own: it goes with the next fragment, and is dropped when the writer ends. Its
 * listed duration would put the next timeline after a hole in the video, and Chromium holds the last
 * picture for up to 3 s at such a hole while the audio plays on (measured at writer restarts: 40 ms of
 * trailing audio, freezes of 1.9-3.1 s).
 * A packager started over an existing playlist (a restarted server, another process taking over)
 * continues its numbering behind a discontinuity, and removes the files it did not write a while later.
 */
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BoxSplitter, fragmentTiming, readMoof, readMoov, type TrackInfo } from './fmp4-boxes';
import { type LlSegment, playlistEdge, renderLlPlaylist } from './ll-hls-playlist';

export interface LlHlsOptions {
  /** Folder of the playlist; must exist. */
  dir: string;
  segmentSeconds: number;
  partTargetSeconds: number;
  /** Complete segments listed. */
  listSize: number;
  now?: () => number;
  log?: (message: string, details: Record<string, unknown>) => void;
  /** Files of an earlier packager are removed this long after start (players may still read them). */
  staleGraceMs?: number;
}

const OUR_FILES = /^(seg_\d+\.(ts|m4s)|part_\d+_\d+\.m4s|init_\d+\.mp4|index\.m3u8\.tmp)$/;
/** A segment is cut at a keyframe once it holds this share of the target length. */
const CUT_AT = 0.75;
/** Fragments of audio alone held for the next one with video (about 2 s at quarter-second fragments). */
const MAX_AUDIO_ALONE = 8;

type PartTiming = { seconds: number; independent: boolean };

interface OpenSegment extends LlSegment {
  chunks: Buffer[];
}

export class LlHlsPackager {
  readonly #o: LlHlsOptions;
  readonly #splitter = new BoxSplitter();
  #tracks: TrackInfo[] = [];
  #ftyp: Buffer | null = null;
  #moof: Buffer | null = null;
  /** Fragments of audio alone (in a stream with video) waiting for the next fragment with video. */
  #audioAlone: { bytes: Buffer; timing: PartTiming }[] = [];
  #map: string | null = null;
  #newTimeline = false;
  #nextMsn = 0;
  #discontinuitySequence = 0;
  readonly #segments: LlSegment[] = [];
  #open: OpenSegment | null = null;
  /** Files of segments that left the playlist, deleted one list length later. */
  readonly #doomed: string[][] = [];
  #writes: Promise<void> = Promise.resolve();
  #staleTimer: NodeJS.Timeout | undefined;

  constructor(o: LlHlsOptions) {
    this.#o = o;
  }

  /** Reads where an earlier playlist in the folder ended, so numbering goes on from there. */
  async open() {
    const earlier = await readFile(join(this.#o.dir, 'index.m3u8'), 'utf8').catch(() => null);
    if (earlier) {
      const edge = playlistEdge(earlier);
      this.#nextMsn = edge.lastComplete + 2;
      this.#discontinuitySequence = edge.discontinuities + 1;
    }
    const stale = (await readdir(this.#o.dir).catch(() => [] as string[])).filter((f) => OUR_FILES.test(f));
    if (stale.length === 0) return;
    this.#staleTimer = setTimeout(() => void this.#remove(stale), this.#o.staleGraceMs ?? 30_000);
    this.#staleTimer.unref();
  }

  /** The writer restarted: whatever it left half-written is dropped, its next `moov` starts anew. */
  newStream() {
    this.#splitter.reset();
    this.#moof = null;
    this.#audioAlone = [];
  }

  /** Bytes of the writer's output. */
  push(chunk: Buffer) {
    for (const box of this.#splitter.push(chunk)) {
      if (box.type === 'ftyp') this.#ftyp = Buffer.from(box.bytes);
      else if (box.type === 'moov') this.#onInit(Buffer.from(box.bytes));
      else if (box.type === 'moof') this.#moof = Buffer.from(box.bytes);
      else if (box.type === 'mdat' && this.#moof && this.#map) {
        this.#onFragment(this.#moof, Buffer.from(box.bytes));
        this.#moof = null;
      }
    }
  }

  /** Waits for the files written so far; ends the open segment when `finish` is set. */
  async flush(finish = false) {
    if (finish && this.#open) {
      this.#closeOpen();
      this.#publish();
    }
    await this.#writes;
  }

  stop() {
    clearTimeout(this.#staleTimer);
  }

  #onInit(moov: Buffer) {
    this.#tracks = readMoov(moov);
    this.#audioAlone = [];
    if (this.#open) this.#closeOpen();
    const name = `init_${this.#nextMsn}.mp4`;
    const bytes = Buffer.concat(this.#ftyp ? [this.#ftyp, moov] : [moov]);
    this.#queue(() => writeAtomically(join(this.#o.dir, name), bytes));
    // The first timeline of this packager continues an earlier playlist's numbering, not its timeline.
    this.#newTimeline = this.#map !== null;
    this.#map = name;
  }

  #onFragment(moof: Buffer, mdat: Buffer) {
    const fragments = readMoof(moof, this.#tracks);
    const video = this.#tracks.find((t) => t.kind === 'video');
    if (video && !fragments.some((f) => f.trackId === video.id && f.samples > 0)) {
      this.#audioAlone.push({
        bytes: Buffer.concat([moof, mdat]),
        timing: fragmentTiming(fragments, this.#tracks),
      });
      // Audio going on without pictures for long (a source whose camera failed): parts of their own.
      if (this.#audioAlone.length > MAX_AUDIO_ALONE)
        for (const held of this.#audioAlone.splice(0)) this.#addPart(held.bytes, held.timing);
      return;
    }
    const bytes = Buffer.concat([...this.#audioAlone.map((held) => held.bytes), moof, mdat]);
    this.#audioAlone = [];
    this.#addPart(bytes, fragmentTiming(fragments, this.#tracks));
  }

  #addPart(bytes: Buffer, timing: PartTiming) {
    const open = this.#open;
    if (open && timing.independent && open.seconds >= this.#o.segmentSeconds * CUT_AT) this.#closeOpen();
    const now = (this.#o.now ?? Date.now)();
    const segment: OpenSegment = this.#open ?? {
      msn: this.#nextMsn++,
      uri: null,
      seconds: 0,
      parts: [],
      discontinuity: this.#newTimeline,
      map: this.#map!,
      startedAt: now - timing.seconds * 1000,
      chunks: [],
    };
    this.#open = segment;
    this.#newTimeline = false;
    const uri = `part_${segment.msn}_${segment.parts.length}.m4s`;
    segment.chunks.push(bytes);
    segment.parts.push({ uri, seconds: timing.seconds, independent: timing.independent });
    segment.seconds += timing.seconds;
    this.#queue(() => writeAtomically(join(this.#o.dir, uri), bytes));
    this.#publish();
  }

  #closeOpen() {
    const open = this.#open!;
    this.#open = null;
    const uri = `seg_${open.msn}.m4s`;
    const bytes = Buffer.concat(open.chunks);
    this.#queue(() => writeAtomically(join(this.#o.dir, uri), bytes));
    const { chunks: _, ...segment } = open;
    this.#segments.push({ ...segment, uri });
    while (this.#segments.length > this.#o.listSize) this.#drop(this.#segments.shift()!);
  }

  #drop(gone: LlSegment) {
    if (gone.discontinuity) this.#discontinuitySequence++;
    const files = [gone.uri!, ...gone.parts.map((p) => p.uri)];
    const mapInUse = this.#segments.some((s) => s.map === gone.map) || this.#map === gone.map;
    if (!mapInUse) files.push(gone.map);
    this.#doomed.push(files);
    while (this.#doomed.length > this.#o.listSize) {
      const files = this.#doomed.shift()!;
      this.#queue(() => this.#remove(files));
    }
  }

  #publish() {
    // The hint names a part that will exist. Once the open segment is long enough to close, the next part
    // opens a new segment if it starts with a keyframe, or goes on in this one if not: which of the two is
    // unknown until it comes, so no hint then (RFC 8216bis allows none; a hint for a part that is never
    // written cost every viewer a 404 at every segment end).
    const open = this.#open;
    const ripe = open !== null && open.seconds >= this.#o.segmentSeconds * CUT_AT;
    const next = !open
      ? `part_${this.#nextMsn}_0.m4s`
      : ripe
        ? null
        : `part_${open.msn}_${open.parts.length}.m4s`;
    const text = renderLlPlaylist({
      segmentSeconds: this.#o.segmentSeconds,
      partTargetSeconds: this.#o.partTargetSeconds,
      discontinuitySequence: this.#discontinuitySequence,
      segments: this.#open ? [...this.#segments, this.#open] : this.#segments,
      preloadHint: next,
    });
    this.#queue(() => writeAtomically(join(this.#o.dir, 'index.m3u8'), text));
  }

  /** File work in order: a playlist never names a part before the part is there. */
  #queue(work: () => Promise<void>) {
    this.#writes = this.#writes
      .then(work)
      .catch((err: unknown) => this.#o.log?.('LL-HLS file write failed', { err: String(err) }));
  }

  async #remove(files: readonly string[]) {
    await Promise.all(files.map((f) => rm(join(this.#o.dir, f), { force: true })));
  }
}

async function writeAtomically(path: string, data: Buffer | string) {
  await writeFile(`${path}.tmp`, data);
  await rename(`${path}.tmp`, path);
}
