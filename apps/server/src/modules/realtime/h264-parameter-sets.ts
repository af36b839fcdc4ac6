/**
 * The H.264 parameter sets (SPS and PPS) a WebRTC publisher sends in its RTP (RFC 6184). The WHIP bridge
 * keeps the latest ones so that an ffmpeg started again after a crash is told them in its SDP
 * (`sprop-parameter-sets`) and knows the picture's size from the first packet: without them its probe
 * waited for the next keyframe, and on a saturated machine a probe that ended first failed the start
 * ("dimensions not set") after the publish had begun, so the source went live and offline again and again.
 */

export interface ParameterSets {
  sps: Buffer;
  pps: Buffer;
}

const NAL_SPS = 7;
const NAL_PPS = 8;
const NAL_STAP_A = 24;

/** The NAL units of one payload: itself (a single NAL unit packet), or each unit of a STAP-A. */
function nalUnits(payload: Buffer): Buffer[] {
  if (payload.length === 0) return [];
  if ((payload[0]! & 0x1f) !== NAL_STAP_A) return [payload];
  const units: Buffer[] = [];
  for (let at = 1; at + 2 <= payload.length; ) {
    const size = payload.readUInt16BE(at);
    at += 2;
    if (size === 0 || at + size > payload.length) break;
    units.push(payload.subarray(at, at + size));
    at += size;
  }
  return units;
}

/**
 * The SPS and PPS in one H.264 RTP payload. Fragments (FU-A) are not looked into: parameter sets are a
 * few dozen bytes, sent whole or aggregated, never split.
 */
export function parameterSetsIn(payload: Buffer): Partial<ParameterSets> {
  const found: Partial<ParameterSets> = {};
  for (const unit of nalUnits(payload)) {
    const type = unit[0]! & 0x1f;
    // An SPS shorter than its profile and level bytes is not one.
    if (type === NAL_SPS && unit.length >= 4) found.sps = Buffer.from(unit);
    else if (type === NAL_PPS && unit.length >= 2) found.pps = Buffer.from(unit);
  }
  return found;
}

/** The latest parameter sets of a stream, as its packets pass. */
export class ParameterSetWatch {
  #sps: Buffer | undefined;
  #pps: Buffer | undefined;
  #waiting: (() => void)[] = [];

  /** Looks at one video payload (cheap: the first byte decides for nearly every packet). */
  see(payload: Buffer) {
    if (payload.length === 0) return;
    const type = payload[0]! & 0x1f;
    if (type !== NAL_SPS && type !== NAL_PPS && type !== NAL_STAP_A) return;
    const found = parameterSetsIn(payload);
    if (found.sps) this.#sps = found.sps;
    if (found.pps) this.#pps = found.pps;
    if (this.known) for (const wake of this.#waiting.splice(0)) wake();
  }

  get known(): ParameterSets | undefined {
    return this.#sps && this.#pps ? { sps: this.#sps, pps: this.#pps } : undefined;
  }

  /** The parameter sets once both have been seen, or undefined after `ms`. */
  whenKnown(ms: number): Promise<ParameterSets | undefined> {
    if (this.known) return Promise.resolve(this.known);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(this.known);
      };
      const timer = setTimeout(() => {
        this.#waiting = this.#waiting.filter((w) => w !== wake);
        resolve(undefined);
      }, ms);
      timer.unref();
      this.#waiting.push(wake);
    });
  }
}
