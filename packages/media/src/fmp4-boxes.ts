/**
 * Just enough of ISO BMFF (fragmented MP4, ISO/IEC 14496-12) to package ffmpeg's fragmented output as
 * LL-HLS parts: split a byte stream into top-level boxes, read each track's id, kind and timescale from
 * `moov`, and read from a `moof` how long each track's fragment is and whether it starts with a sync
 * sample (a keyframe: the part is independent, and a segment may start there).
 */

export interface Box {
  type: string;
  /** The whole box, header included. */
  bytes: Buffer;
}

/** Cuts a stream into top-level boxes; a box is returned once all of it arrived. */
export class BoxSplitter {
  #pending: Buffer[] = [];
  #pendingBytes = 0;

  push(chunk: Buffer): Box[] {
    this.#pending.push(chunk);
    this.#pendingBytes += chunk.length;
    if (this.#pendingBytes < 8) return [];
    let buf = this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending);
    const boxes: Box[] = [];
    let at = 0;
    while (buf.length - at >= 8) {
      const size = boxSize(buf, at);
      if (size === undefined || buf.length - at < size) break;
      boxes.push({ type: buf.toString('latin1', at + 4, at + 8), bytes: buf.subarray(at, at + size) });
      at += size;
    }
    buf = buf.subarray(at);
    this.#pending = buf.length > 0 ? [buf] : [];
    this.#pendingBytes = buf.length;
    return boxes;
  }

  reset() {
    this.#pending = [];
    this.#pendingBytes = 0;
  }
}

/** A box's size at `at`; undefined while a 64-bit size is not all there. Size 0 (to the end) is refused. */
function boxSize(buf: Buffer, at: number): number | undefined {
  const size = buf.readUInt32BE(at);
  if (size === 1) {
    if (buf.length - at < 16) return undefined;
    return Number(buf.readBigUInt64BE(at + 8));
  }
  if (size < 8) throw new Error(`fragmented MP4: box of size ${size} cannot be streamed`);
  return size;
}

/** The child boxes of a container box's payload (from `start` to `end` of `buf`). */
function* children(
  buf: Buffer,
  start: number,
  end: number,
): Generator<{ type: string; at: number; end: number }> {
  let at = start;
  while (at + 8 <= end) {
    const size = buf.readUInt32BE(at);
    const header = size === 1 ? 16 : 8;
    const length = size === 1 ? Number(buf.readBigUInt64BE(at + 8)) : size === 0 ? end - at : size;
    if (length < header || at + length > end) return;
    yield { type: buf.toString('latin1', at + 4, at + 8), at: at + header, end: at + length };
    at += length;
  }
}

const child = (buf: Buffer, start: number, end: number, type: string) => {
  for (const c of children(buf, start, end)) if (c.type === type) return c;
  return undefined;
};

export interface TrackInfo {
  id: number;
  kind: 'video' | 'audio' | 'other';
  timescale: number;
  /** trex defaults, used where a fragment gives none. */
  defaultDuration: number;
  defaultFlags: number;
}

/** The tracks of an initialization segment's `moov`. */
export function readMoov(moov: Buffer): TrackInfo[] {
  const tracks: TrackInfo[] = [];
  const defaults = new Map<number, { duration: number; flags: number }>();
  for (const c of children(moov, 8, moov.length)) {
    if (c.type === 'mvex')
      for (const trex of children(moov, c.at, c.end))
        if (trex.type === 'trex')
          defaults.set(moov.readUInt32BE(trex.at + 4), {
            duration: moov.readUInt32BE(trex.at + 12),
            flags: moov.readUInt32BE(trex.at + 20),
          });
    if (c.type !== 'trak') continue;
    const tkhd = child(moov, c.at, c.end, 'tkhd');
    const mdia = child(moov, c.at, c.end, 'mdia');
    if (!tkhd || !mdia) continue;
    const id = moov.readUInt32BE(tkhd.at + (moov[tkhd.at] === 1 ? 20 : 12));
    const mdhd = child(moov, mdia.at, mdia.end, 'mdhd');
    const hdlr = child(moov, mdia.at, mdia.end, 'hdlr');
    if (!mdhd || !hdlr) continue;
    const timescale = moov.readUInt32BE(mdhd.at + (moov[mdhd.at] === 1 ? 20 : 12));
    const handler = moov.toString('latin1', hdlr.at + 8, hdlr.at + 12);
    const kind = handler === 'vide' ? 'video' : handler === 'soun' ? 'audio' : 'other';
    tracks.push({ id, kind, timescale, defaultDuration: 0, defaultFlags: 0 });
  }
  for (const t of tracks) {
    const d = defaults.get(t.id);
    if (d) Object.assign(t, { defaultDuration: d.duration, defaultFlags: d.flags });
  }
  return tracks;
}

export interface TrackFragment {
  trackId: number;
  /** tfdt, in the track's timescale. */
  baseTime: number;
  /** Sum of the sample durations, in the track's timescale. */
  duration: number;
  samples: number;
  firstIsSync: boolean;
}

const NON_SYNC = 0x10000;

/** What a `moof` holds per track. */
export function readMoof(moof: Buffer, tracks: readonly TrackInfo[]): TrackFragment[] {
  const out: TrackFragment[] = [];
  for (const traf of children(moof, 8, moof.length)) {
    if (traf.type !== 'traf') continue;
    const tfhd = child(moof, traf.at, traf.end, 'tfhd');
    if (!tfhd) continue;
    const tfhdFlags = moof.readUInt32BE(tfhd.at) & 0xffffff;
    const trackId = moof.readUInt32BE(tfhd.at + 4);
    const track = tracks.find((t) => t.id === trackId);
    let at = tfhd.at + 8 + (tfhdFlags & 0x1 ? 8 : 0) + (tfhdFlags & 0x2 ? 4 : 0);
    const defaultDuration = tfhdFlags & 0x8 ? moof.readUInt32BE(at) : (track?.defaultDuration ?? 0);
    at += tfhdFlags & 0x8 ? 4 : 0;
    at += tfhdFlags & 0x10 ? 4 : 0;
    const defaultFlags = tfhdFlags & 0x20 ? moof.readUInt32BE(at) : (track?.defaultFlags ?? 0);
    const tfdt = child(moof, traf.at, traf.end, 'tfdt');
    const baseTime = !tfdt
      ? 0
      : moof[tfdt.at] === 1
        ? Number(moof.readBigUInt64BE(tfdt.at + 4))
        : moof.readUInt32BE(tfdt.at + 4);
    const fragment: TrackFragment = { trackId, baseTime, duration: 0, samples: 0, firstIsSync: true };
    let first = true;
    for (const trun of children(moof, traf.at, traf.end)) {
      if (trun.type !== 'trun') continue;
      const flags = moof.readUInt32BE(trun.at) & 0xffffff;
      const count = moof.readUInt32BE(trun.at + 4);
      let p = trun.at + 8 + (flags & 0x1 ? 4 : 0);
      const firstFlags = flags & 0x4 ? moof.readUInt32BE(p) : undefined;
      p += flags & 0x4 ? 4 : 0;
      const perSample = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
      for (let i = 0; i < count; i++, p += perSample) {
        fragment.duration += flags & 0x100 ? moof.readUInt32BE(p) : defaultDuration;
        if (!first) continue;
        const flagsAt = p + (flags & 0x100 ? 4 : 0) + (flags & 0x200 ? 4 : 0);
        const sampleFlags = firstFlags ?? (flags & 0x400 ? moof.readUInt32BE(flagsAt) : defaultFlags);
        fragment.firstIsSync = (sampleFlags & NON_SYNC) === 0;
        first = false;
      }
      fragment.samples += count;
    }
    out.push(fragment);
  }
  return out;
}

/** Seconds of a fragment and whether it can start a segment: by its video track, else its first track. */
export function fragmentTiming(fragments: readonly TrackFragment[], tracks: readonly TrackInfo[]) {
  const video = tracks.find((t) => t.kind === 'video');
  const videoFragment = video && fragments.find((f) => f.trackId === video.id);
  const lead = videoFragment ?? fragments[0];
  const track = lead && tracks.find((t) => t.id === lead.trackId);
  if (!lead || !track || track.timescale === 0) return { seconds: 0, independent: false, startSeconds: 0 };
  return {
    seconds: lead.duration / track.timescale,
    // A fragment of audio alone in a stream with video cannot start a segment.
    independent: video ? !!videoFragment?.firstIsSync : lead.firstIsSync,
    startSeconds: lead.baseTime / track.timescale,
  };
}
