/**
 * The program switcher: reads several inputs' MPEG-TS at once (hot standby) and writes ONE continuous
 * MPEG-TS, the active input's, to the program's HLS writer. Pure (no processes, no clock of its own):
 *
 * - a switch starts the new input at a keyframe: its last GOP at once when the old input is gone
 *   (`now`), or its next keyframe when the old one still plays (`atNextKeyframe`: no time is replayed);
 * - timestamps (PTS, DTS, PCR) of the new input are shifted to continue the program's timeline where it
 *   stopped, so the writer sees one stream without a jump, and its continuity counters run on;
 * - the new input's PAT and PMT go first, so a reader joining there knows the streams.
 */
import { type Decoders, sameDecoders, TsInputTrack } from './ts-input-track';
import {
  hasPayload,
  PAT_PID,
  pidOf,
  readPesTimes,
  setContinuity,
  shiftPcr,
  shiftPesTimes,
  startsUnit,
  TS_PACKET,
  tsDiff,
  wrapTs,
} from './ts-packets';

/** A timestamp jump inside one input larger than this (90 kHz; 10 s) re-anchors the timeline. */
const MAX_JUMP = 900_000;
/** Frame duration assumed before two frames of a stream were seen (90 kHz; 1/25 s). */
const DEFAULT_STEP = 3600;

export interface SwitchEvent<Name extends string> {
  from: Name | undefined;
  to: Name;
  /** The input's streams differ from the previous one's (stream set, codec, parameter sets, audio format). */
  streamsChanged: boolean;
  /** Program time where the new input starts (90 kHz). */
  at: number;
}

export class TsSwitcher<Name extends string> {
  readonly #tracks = new Map<Name, TsInputTrack>();
  readonly #write: (chunk: Buffer) => void;
  #active: Name | undefined;
  #pending: Name | undefined;
  /** Added to the active input's timestamps. */
  #offset = 0;
  #counters = new Map<number, number>();
  /** Per output PID: last DTS written and the step to the next one. */
  #last = new Map<number, { dts: number; step: number }>();
  #started = false;
  /** Non-video PIDs that wait for their first PES at or after the switch point. */
  #holding = new Set<number>();
  #switchDts = 0;
  #lastDecoders: Decoders | undefined;
  /** The input that played last, even if it is gone now. */
  #lastPlayed: Name | undefined;
  onSwitch: ((e: SwitchEvent<Name>) => void) | undefined;

  constructor(write: (chunk: Buffer) => void) {
    this.#write = write;
  }

  get active(): Name | undefined {
    return this.#active;
  }
  get pending(): Name | undefined {
    return this.#pending;
  }

  track(name: Name): TsInputTrack | undefined {
    return this.#tracks.get(name);
  }

  /** A (re)started reader of an input: what it knew of the old one is void. */
  reset(name: Name) {
    this.#tracks.set(name, new TsInputTrack());
  }

  /** The input is gone; if it was playing, the program stays where it is until the next switch. */
  remove(name: Name) {
    this.#tracks.delete(name);
    if (this.#active === name) this.#active = undefined;
    if (this.#pending === name) this.#pending = undefined;
  }

  /** Bytes a reader produced. */
  push(name: Name, chunk: Buffer, now: number) {
    let track = this.#tracks.get(name);
    if (!track) {
      track = new TsInputTrack();
      this.#tracks.set(name, track);
    }
    const out: Buffer[] = [];
    for (const p of track.packets(chunk)) {
      const startable = track.observe(p, now);
      // The GOP so far (its keyframe and the packet that ended it), on the old input's heels.
      if (startable && this.#pending === name && track.ready) this.#begin(name, track, track.gop, out);
      else if (this.#active === name) {
        this.#forward(p, out);
        // What the playing input's decoders were set up with, for the next switch to compare.
        if (startable) this.#lastDecoders = track.decoders;
      }
    }
    if (out.length > 0) this.#write(Buffer.concat(out));
  }

  /**
   * Plays `name` from now on: `now` replays its last GOP at once (the old input is gone), `atNextKeyframe`
   * keeps the old input until the new one's next keyframe. Returns false if `name` has no GOP yet for
   * `now` (it is then pending and starts at its first keyframe).
   */
  switchTo(name: Name, when: 'now' | 'atNextKeyframe'): boolean {
    if (this.#active === name && !this.#pending) return true;
    if (this.#active === name) {
      this.#pending = undefined;
      return true;
    }
    const track = this.#tracks.get(name);
    if (when === 'now' && track?.ready) {
      const out: Buffer[] = [];
      this.#begin(name, track, track.gop, out);
      this.#write(Buffer.concat(out));
      return true;
    }
    this.#pending = name;
    if (when === 'now') this.#active = undefined;
    return false;
  }

  #begin(name: Name, track: TsInputTrack, packets: Buffer[], out: Buffer[]) {
    const from = this.#lastPlayed;
    this.#active = name;
    this.#lastPlayed = name;
    this.#pending = undefined;
    const startDts = track.gopDts!;
    this.#offset = this.#started ? tsDiff(startDts, this.#nextStart()) : 0;
    this.#started = true;
    this.#switchDts = startDts;
    this.#holding = new Set();
    const decoders = track.decoders;
    const streamsChanged = !!this.#lastDecoders && !sameDecoders(this.#lastDecoders, decoders);
    this.#lastDecoders = decoders;
    this.onSwitch?.({ from, to: name, streamsChanged, at: wrapTs(startDts, this.#offset) });
    for (const table of [track.pat, track.pmt]) if (table) this.#forward(table, out);
    // Audio of the new input from the switch point on: older audio would overlap the old input's.
    for (const pid of this.#pidsOf(packets))
      if (pid !== track.entryPid && pid >= 0x20) this.#holding.add(pid);
    for (const p of packets) this.#forward(p, out);
  }

  #pidsOf(packets: Buffer[]) {
    return new Set(packets.map(pidOf).filter((pid) => pid !== PAT_PID));
  }

  /** Where the program's timeline continues: after the last frame of any stream. */
  #nextStart(): number {
    let next: number | undefined;
    for (const { dts, step } of this.#last.values()) {
      const end = wrapTs(dts, step);
      if (next === undefined || tsDiff(next, end) > 0) next = end;
    }
    return next ?? 0;
  }

  #forward(source: Buffer, out: Buffer[]) {
    const pid = pidOf(source);
    const track = this.#active ? this.#tracks.get(this.#active) : undefined;
    const isTable = pid === PAT_PID || pid === track?.pmtPid;
    if (!isTable && this.#holding.has(pid)) {
      const times = startsUnit(source) ? readPesTimes(source) : undefined;
      if (!times || tsDiff(this.#switchDts, times.pts) < 0) return;
      this.#holding.delete(pid);
    }
    const p = Buffer.from(source);
    if (!isTable) {
      const times = readPesTimes(p);
      if (times) this.#retime(pid, times.dts);
      shiftPesTimes(p, this.#offset);
      shiftPcr(p, this.#offset);
    }
    if (hasPayload(p)) {
      const counter = ((this.#counters.get(pid) ?? -1) + 1) & 0x0f;
      this.#counters.set(pid, counter);
      setContinuity(p, counter);
    }
    if (p.length === TS_PACKET) out.push(p);
  }

  /** Tracks the program time per PID; an input's own jump re-anchors its offset. */
  #retime(pid: number, inputDts: number) {
    let dts = wrapTs(inputDts, this.#offset);
    const last = this.#last.get(pid);
    if (last) {
      const delta = tsDiff(last.dts, dts);
      if (delta > MAX_JUMP || delta < -MAX_JUMP) {
        this.#offset = tsDiff(inputDts, wrapTs(last.dts, last.step));
        dts = wrapTs(inputDts, this.#offset);
      }
    }
    const step = last && tsDiff(last.dts, dts) > 0 ? tsDiff(last.dts, dts) : (last?.step ?? DEFAULT_STEP);
    this.#last.set(pid, { dts, step: Math.min(step, DEFAULT_STEP * 3) });
  }
}
