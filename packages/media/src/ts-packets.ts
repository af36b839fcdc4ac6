/**
 * MPEG-TS packets (ISO/IEC 13818-1), as far as the program switcher needs them: the header fields, the
 * random access flag, PCR, and the PTS/DTS of a PES header, each read and rewritten in place. Pure: a
 * packet is a 188-byte Buffer (a view into a larger one is fine) and nothing here allocates for it.
 */

export const TS_PACKET = 188;
export const SYNC_BYTE = 0x47;
/** Timestamps are 33-bit counts of a 90 kHz clock; they wrap after about 26.5 hours. */
export const TS_WRAP = 2 ** 33;
export const PAT_PID = 0;

export const pidOf = (p: Buffer) => ((p[1]! & 0x1f) << 8) | p[2]!;
/** payload_unit_start_indicator: a PES packet or a table section starts in this packet. */
export const startsUnit = (p: Buffer) => (p[1]! & 0x40) !== 0;
const hasAdaptation = (p: Buffer) => (p[3]! & 0x20) !== 0;
export const hasPayload = (p: Buffer) => (p[3]! & 0x10) !== 0;
const adaptationLength = (p: Buffer) => (hasAdaptation(p) ? p[4]! : 0);

/** Adds `delta` to a 33-bit timestamp, wrapping like the decoder does. */
export const wrapTs = (ts: number, delta = 0) => (((ts + delta) % TS_WRAP) + TS_WRAP) % TS_WRAP;
/** b - a on the wrapping 33-bit clock, in (-2^32, 2^32]. */
export function tsDiff(a: number, b: number): number {
  const d = wrapTs(b - a);
  return d > TS_WRAP / 2 ? d - TS_WRAP : d;
}

/** random_access_indicator: an encoder-marked entry point (ffmpeg sets it on every video keyframe). */
export const isRandomAccess = (p: Buffer) => adaptationLength(p) > 0 && (p[5]! & 0x40) !== 0;

/** Offset of the payload in the packet, or -1 when the packet carries none. */
export function payloadOffset(p: Buffer): number {
  if (!hasPayload(p)) return -1;
  const offset = 4 + (hasAdaptation(p) ? 1 + adaptationLength(p) : 0);
  return offset < TS_PACKET ? offset : -1;
}

/** Sets the 4-bit continuity counter. */
export function setContinuity(p: Buffer, counter: number) {
  p[3] = (p[3]! & 0xf0) | (counter & 0x0f);
}

/** PCR base (90 kHz) of the packet, or undefined without one. */
export function readPcr(p: Buffer): number | undefined {
  if (adaptationLength(p) < 7 || (p[5]! & 0x10) === 0) return undefined;
  return p[6]! * 2 ** 25 + p[7]! * 2 ** 17 + p[8]! * 2 ** 9 + p[9]! * 2 + (p[10]! >> 7);
}

/** Shifts the PCR by `delta` (90 kHz); the 27 MHz extension stays as it is. */
export function shiftPcr(p: Buffer, delta: number) {
  const base = readPcr(p);
  if (base === undefined) return;
  const next = wrapTs(base, delta);
  p[6] = Math.floor(next / 2 ** 25) & 0xff;
  p[7] = Math.floor(next / 2 ** 17) & 0xff;
  p[8] = Math.floor(next / 2 ** 9) & 0xff;
  p[9] = Math.floor(next / 2) & 0xff;
  p[10] = ((next & 1) << 7) | (p[10]! & 0x7f);
}

function readTs(p: Buffer, at: number): number {
  return (
    ((p[at]! >> 1) & 0x07) * 2 ** 30 +
    p[at + 1]! * 2 ** 22 +
    (p[at + 2]! >> 1) * 2 ** 15 +
    p[at + 3]! * 2 ** 7 +
    (p[at + 4]! >> 1)
  );
}

function writeTs(p: Buffer, at: number, ts: number) {
  p[at] = (p[at]! & 0xf1) | ((Math.floor(ts / 2 ** 30) & 0x07) << 1);
  p[at + 1] = Math.floor(ts / 2 ** 22) & 0xff;
  p[at + 2] = ((Math.floor(ts / 2 ** 15) & 0x7f) << 1) | 1;
  p[at + 3] = Math.floor(ts / 2 ** 7) & 0xff;
  p[at + 4] = ((ts & 0x7f) << 1) | 1;
}

export interface PesTimes {
  pts: number;
  /** Equal to pts when the header carries no DTS. */
  dts: number;
}

/** Where the PTS (and DTS) sit in a packet that starts a PES packet; undefined when it has none. */
function pesTimeOffsets(p: Buffer): { pts: number; dts?: number } | undefined {
  if (!startsUnit(p)) return undefined;
  const at = payloadOffset(p);
  // packet_start_code_prefix 00 00 01, stream_id, length (2), flags (2), header length, fields.
  if (at < 0 || at + 14 > TS_PACKET || p[at] !== 0 || p[at + 1] !== 0 || p[at + 2] !== 1) return undefined;
  const flags = p[at + 7]! >> 6;
  if (flags === 2) return { pts: at + 9 };
  if (flags === 3 && at + 19 <= TS_PACKET) return { pts: at + 9, dts: at + 14 };
  return undefined;
}

export function readPesTimes(p: Buffer): PesTimes | undefined {
  const o = pesTimeOffsets(p);
  if (!o) return undefined;
  const pts = readTs(p, o.pts);
  return { pts, dts: o.dts === undefined ? pts : readTs(p, o.dts) };
}

/** Shifts PTS and DTS of a PES header by `delta` (90 kHz). */
export function shiftPesTimes(p: Buffer, delta: number) {
  const o = pesTimeOffsets(p);
  if (!o) return;
  writeTs(p, o.pts, wrapTs(readTs(p, o.pts), delta));
  if (o.dts !== undefined) writeTs(p, o.dts, wrapTs(readTs(p, o.dts), delta));
}

/** The section of a PSI packet (PAT, PMT), after its pointer field; undefined if it does not start one. */
function section(p: Buffer): Buffer | undefined {
  const at = payloadOffset(p);
  if (!startsUnit(p) || at < 0) return undefined;
  const start = at + 1 + p[at]!;
  if (start + 3 > TS_PACKET) return undefined;
  const length = ((p[start + 1]! & 0x0f) << 8) | p[start + 2]!;
  return p.subarray(start, Math.min(TS_PACKET, start + 3 + length));
}

/** PMT PIDs a PAT names (program 0, the network PID, left out). */
export function readPat(p: Buffer): number[] {
  const s = section(p);
  if (s?.[0] !== 0x00) return [];
  const pids: number[] = [];
  // 8 header bytes, then 4 per program, then a 4-byte CRC.
  for (let i = 8; i + 4 <= s.length - 4; i += 4) {
    const program = (s[i]! << 8) | s[i + 1]!;
    if (program !== 0) pids.push(((s[i + 2]! & 0x1f) << 8) | s[i + 3]!);
  }
  return pids;
}

export interface PmtStream {
  pid: number;
  streamType: number;
}

/** Elementary streams a PMT lists, and the PID carrying the PCR. */
export function readPmt(p: Buffer): { pcrPid: number; streams: PmtStream[] } | undefined {
  const s = section(p);
  if (s?.[0] !== 0x02 || s.length < 16) return undefined;
  const pcrPid = ((s[8]! & 0x1f) << 8) | s[9]!;
  const infoLength = ((s[10]! & 0x0f) << 8) | s[11]!;
  const streams: PmtStream[] = [];
  for (let i = 12 + infoLength; i + 5 <= s.length - 4; ) {
    const esInfo = ((s[i + 3]! & 0x0f) << 8) | s[i + 4]!;
    streams.push({ streamType: s[i]!, pid: ((s[i + 1]! & 0x1f) << 8) | s[i + 2]! });
    i += 5 + esInfo;
  }
  return { pcrPid, streams };
}

/** AAC in ADTS frames, what our readers write for AAC audio. */
export const AAC_TYPE = 0x0f;

/** H.264, H.265, MPEG-2 and MPEG-4 video. */
const VIDEO_TYPES = new Set([0x01, 0x02, 0x10, 0x1b, 0x24]);
export const isVideoType = (streamType: number) => VIDEO_TYPES.has(streamType);

/** The elementary stream bytes in a packet that starts a PES packet (after the PES header). */
export function pesPayload(p: Buffer): Buffer | undefined {
  const at = payloadOffset(p);
  if (!startsUnit(p) || at < 0 || at + 9 > TS_PACKET) return undefined;
  if (p[at] !== 0 || p[at + 1] !== 0 || p[at + 2] !== 1) return undefined;
  const start = at + 9 + p[at + 8]!;
  return start < TS_PACKET ? p.subarray(start) : undefined;
}

/**
 * What decides how a decoder is set up, from the start of a keyframe's or an audio frame's data: the
 * H.264 (SPS, PPS) or H.265 (VPS, SPS, PPS) parameter sets, or the ADTS header's profile, sample rate
 * and channels. Two inputs with the same text can follow each other without a new decoder setup.
 */
export function decoderConfig(data: Buffer, streamType: number): string {
  if (streamType === AAC_TYPE) {
    if (data.length < 4 || data[0] !== 0xff || (data[1]! & 0xf0) !== 0xf0) return '';
    return `${(data[2]! & 0xfd).toString(16)}.${(data[3]! >> 6).toString(16)}`;
  }
  if (streamType !== 0x1b && streamType !== 0x24) return '';
  const starts: number[] = [];
  for (let i = 0; i + 3 < data.length; i++)
    if (data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 1) starts.push(i + 3);
  const sets: string[] = [];
  starts.forEach((at, n) => {
    const type = streamType === 0x1b ? data[at]! & 0x1f : (data[at]! >> 1) & 0x3f;
    const isSet = streamType === 0x1b ? type === 7 || type === 8 : type >= 32 && type <= 34;
    // Trailing zeros belong to the next start code, not to this unit.
    const end = n + 1 < starts.length ? starts[n + 1]! - 3 : data.length;
    if (isSet)
      sets.push(
        data
          .subarray(at, end)
          .toString('hex')
          .replace(/(00)+$/, ''),
      );
  });
  return sets.join('.');
}
