/**
 * What the program switcher knows of one input's MPEG-TS while it reads it, active or on standby: its
 * latest PAT and PMT, which PID is the video, and the packets since its latest video keyframe (the
 * last GOP), so a switch to it can start at once instead of waiting for its next keyframe.
 */
import {
  AAC_TYPE,
  decoderConfig,
  isRandomAccess,
  isVideoType,
  PAT_PID,
  payloadOffset,
  pesPayload,
  pidOf,
  readPat,
  readPesTimes,
  readPmt,
  SYNC_BYTE,
  startsUnit,
  TS_PACKET,
} from './ts-packets';

/** A GOP larger than this (about 7.5 MB) is not kept: the switch then waits for the next keyframe. */
export const MAX_GOP_PACKETS = 40_000;
const KEY_CONFIG_BYTES = 4096;

export class TsInputTrack {
  pat: Buffer | undefined;
  pmt: Buffer | undefined;
  pmtPid: number | undefined;
  videoPid: number | undefined;
  /** The video PID, or for an audio-only input its first stream (every audio frame is an entry point). */
  entryPid: number | undefined;
  /** Stream types of the PMT in order: a change means other codecs, e.g. an input without audio. */
  streamTypes = '';
  /**
   * The PMT lists a stream that is neither video nor AAC: with the readers mapping one video and one audio
   * stream, that is audio the program's writers cannot take (MP3, AC-3, Opus; the LL-HLS writer's
   * aac_adtstoasc refuses it, and a switch to an AAC input would restart the writer).
   */
  foreignAudio = false;
  /** Decoder setup per PID (parameter sets, audio format), as far as seen. */
  readonly configs = new Map<number, string>();
  #types = new Map<number, number>();
  /** Packets from the latest video keyframe on; empty until the first keyframe. */
  gop: Buffer[] = [];
  /** DTS of the keyframe that starts `gop`. */
  gopDts: number | undefined;
  /** When the last packet came, ms (the caller's clock). */
  lastPacketAt: number | undefined;
  #rest: Buffer | undefined;
  /** The current keyframe's data while it comes in (up to KEY_CONFIG_BYTES). */
  #keyData: Buffer[] | undefined;
  #keyBytes = 0;
  /** The GOP's keyframe is complete: a switch may start the GOP. */
  #complete = false;
  /** Where in `gop` a newer keyframe starts that is not complete yet. */
  #next: { index: number; dts: number | undefined } | undefined;

  /** Splits a chunk of the input's byte stream into packets; keeps a partial one for the next chunk. */
  packets(chunk: Buffer): Buffer[] {
    let data = this.#rest ? Buffer.concat([this.#rest, chunk]) : chunk;
    this.#rest = undefined;
    const out: Buffer[] = [];
    let at = 0;
    while (at + TS_PACKET <= data.length) {
      if (data[at] !== SYNC_BYTE) {
        // Lost sync (a reader never sends this, but a cut pipe might): look for the next sync byte.
        const next = data.indexOf(SYNC_BYTE, at + 1);
        if (next < 0) {
          at = data.length;
          break;
        }
        at = next;
        continue;
      }
      out.push(data.subarray(at, at + TS_PACKET));
      at += TS_PACKET;
    }
    if (at < data.length) {
      data = data.subarray(at);
      this.#rest = Buffer.from(data);
    }
    return out;
  }

  /**
   * Learns from a packet; returns true when the GOP just became startable: its keyframe is complete
   * (the next video PES began) and its parameter sets are read.
   */
  observe(p: Buffer, now: number): boolean {
    this.lastPacketAt = now;
    const pid = pidOf(p);
    if (pid === PAT_PID) {
      const pmtPid = readPat(p)[0];
      if (pmtPid !== undefined) {
        this.pat = p;
        this.pmtPid = pmtPid;
      }
      return false;
    }
    if (pid === this.pmtPid) {
      const pmt = readPmt(p);
      if (pmt) {
        this.pmt = p;
        this.videoPid = pmt.streams.find((s) => isVideoType(s.streamType))?.pid;
        this.entryPid = this.videoPid ?? pmt.streams[0]?.pid;
        this.streamTypes = pmt.streams.map((s) => s.streamType.toString(16)).join(',');
        this.foreignAudio = pmt.streams.some((s) => !isVideoType(s.streamType) && s.streamType !== AAC_TYPE);
        this.#types = new Map(pmt.streams.map((s) => [s.pid, s.streamType]));
      }
      return false;
    }
    const keyframe = pid === this.entryPid && startsUnit(p) && (pid !== this.videoPid || isRandomAccess(p));
    const type = this.#types.get(pid);
    // Parameter sets may sit behind an SEI of several hundred bytes: read the keyframe's first KBs.
    let completed = false;
    if (pid === this.entryPid && this.#keyData) {
      const at = payloadOffset(p);
      if (startsUnit(p)) {
        this.#finishKeyframe(pid);
        completed = true;
      } else if (at >= 0 && this.#keyBytes < KEY_CONFIG_BYTES) {
        this.#keyData.push(p.subarray(at));
        this.#keyBytes += TS_PACKET - at;
      }
    }
    if (type !== undefined && startsUnit(p) && pid !== this.entryPid) {
      const config = decoderConfig(pesPayload(p) ?? Buffer.alloc(0), type);
      if (config) this.configs.set(pid, config);
    }
    if (keyframe) {
      // The GOP in hand stays startable until this keyframe is whole; then the GOP starts here.
      if (!this.#complete) this.gop = [];
      this.#next = { index: this.gop.length, dts: readPesTimes(p)?.dts };
      this.gop.push(p);
      const data = pesPayload(p);
      this.#keyData = data ? [data] : [];
      this.#keyBytes = data?.length ?? 0;
      // Audio only: every frame is whole in itself and its one header says all.
      if (pid !== this.videoPid) {
        this.#finishKeyframe(pid);
        completed = true;
      }
    } else if (this.gop.length > 0) {
      if (this.gop.length < MAX_GOP_PACKETS) this.gop.push(p);
      else {
        this.gop = [];
        this.gopDts = undefined;
        this.#complete = false;
        this.#next = undefined;
        this.#keyData = undefined;
      }
    }
    return completed && this.#complete;
  }

  #finishKeyframe(pid: number) {
    const type = this.#types.get(pid);
    const data = Buffer.concat(this.#keyData ?? []);
    this.#keyData = undefined;
    if (this.#next) {
      this.gop = this.gop.slice(this.#next.index);
      this.gopDts = this.#next.dts;
      this.#next = undefined;
      this.#complete = this.gopDts !== undefined;
    }
    const config = type === undefined ? '' : decoderConfig(data, type);
    if (config) this.configs.set(pid, config);
  }

  /** Streams and their decoder setup as far as seen, for `sameDecoders`. */
  get decoders(): Decoders {
    return { streamTypes: this.streamTypes, configs: new Map(this.configs) };
  }

  /** Whether the input can be switched to at once: tables known and a GOP in hand. */
  get ready(): boolean {
    return !!this.pat && !!this.pmt && this.#complete && this.gop.length > 0 && this.gopDts !== undefined;
  }
}

export interface Decoders {
  streamTypes: string;
  configs: ReadonlyMap<number, string>;
}

/**
 * Whether a program writer can carry on from one input to the other: the same streams, and the same
 * decoder setup wherever both are known (an input just started may not have shown its audio yet).
 */
export function sameDecoders(a: Decoders, b: Decoders): boolean {
  if (a.streamTypes !== b.streamTypes) return false;
  for (const [pid, config] of a.configs) {
    const other = b.configs.get(pid);
    if (other !== undefined && other !== config) return false;
  }
  return true;
}
