/**
 * What the program switcher knows of one input's MPEG-TS while it reads it, active or on standby: its
 * latest PAT and PMT, which PID is the video, and the packets since its latest video keyframe (the
 * last GOP), so a switch to it can start at once instead of waiting for its next keyframe.
 */
import {
  decoderConfig,
  isRandomAccess,
  isVideoType,
  PAT_PID,
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

export class TsInputTrack {
  pat: Buffer | undefined;
  pmt: Buffer | undefined;
  pmtPid: number | undefined;
  videoPid: number | undefined;
  /** The video PID, or for an audio-only input its first stream (every audio frame is an entry point). */
  entryPid: number | undefined;
  /** Stream types of the PMT in order: a change means other codecs, e.g. an input without audio. */
  streamTypes = '';
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

  /** Learns from a packet; returns true when it is a video keyframe's first packet. */
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
        this.#types = new Map(pmt.streams.map((s) => [s.pid, s.streamType]));
      }
      return false;
    }
    const keyframe = pid === this.entryPid && startsUnit(p) && (pid !== this.videoPid || isRandomAccess(p));
    const type = this.#types.get(pid);
    if (type !== undefined && startsUnit(p) && (keyframe || pid !== this.videoPid)) {
      const config = decoderConfig(p, type);
      if (config) this.configs.set(pid, config);
    }
    if (keyframe) {
      this.gop = [p];
      this.gopDts = readPesTimes(p)?.dts;
    } else if (this.gop.length > 0) {
      if (this.gop.length < MAX_GOP_PACKETS) this.gop.push(p);
      else {
        this.gop = [];
        this.gopDts = undefined;
      }
    }
    return keyframe;
  }

  /** Streams and their decoder setup: a program writer can carry on across inputs with equal ones. */
  get signature(): string {
    const configs = [...this.configs.entries()].sort(([a], [b]) => a - b).map(([, c]) => c);
    return [this.streamTypes, ...configs].join('|');
  }

  /** Whether the input can be switched to at once: tables known and a GOP in hand. */
  get ready(): boolean {
    return !!this.pat && !!this.pmt && this.gop.length > 0 && this.gopDts !== undefined;
  }
}
