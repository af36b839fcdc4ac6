import { describe, expect, it } from 'vitest';
import { sameDecoders } from '../src/ts-input-track';
import {
  decoderConfig,
  isRandomAccess,
  pidOf,
  readPat,
  readPcr,
  readPesTimes,
  readPmt,
  setContinuity,
  shiftPcr,
  shiftPesTimes,
  TS_WRAP,
  tsDiff,
  wrapTs,
} from '../src/ts-packets';

const writeTs = (b: Buffer, at: number, marker: number, ts: number) => {
  b[at] = (marker << 4) | ((Math.floor(ts / 2 ** 30) & 7) << 1) | 1;
  b[at + 1] = Math.floor(ts / 2 ** 22) & 0xff;
  b[at + 2] = ((Math.floor(ts / 2 ** 15) & 0x7f) << 1) | 1;
  b[at + 3] = Math.floor(ts / 2 ** 7) & 0xff;
  b[at + 4] = ((ts & 0x7f) << 1) | 1;
};

/** A video PES start with a keyframe flag and PCR in its adaptation field, as ffmpeg writes one. */
function videoStart(pid: number, pts: number, dts: number, pcr: number, es: number[]) {
  const p = Buffer.alloc(188, 0xff);
  p[0] = 0x47;
  p[1] = 0x40 | (pid >> 8);
  p[2] = pid & 0xff;
  p[3] = 0x30; // adaptation + payload, counter 0
  p[4] = 7; // adaptation length: flags + PCR
  p[5] = 0x50; // random access + PCR
  p[6] = Math.floor(pcr / 2 ** 25) & 0xff;
  p[7] = Math.floor(pcr / 2 ** 17) & 0xff;
  p[8] = Math.floor(pcr / 2 ** 9) & 0xff;
  p[9] = Math.floor(pcr / 2) & 0xff;
  p[10] = ((pcr & 1) << 7) | 0x7e;
  p[11] = 0x00;
  const pes = [0, 0, 1, 0xe0, 0, 0, 0x80, 0xc0, 10];
  pes.forEach((v, i) => {
    p[12 + i] = v;
  });
  writeTs(p, 21, 3, pts);
  writeTs(p, 26, 1, dts);
  es.forEach((v, i) => {
    p[31 + i] = v;
  });
  return p;
}

function section(pid: number, bytes: number[]) {
  const p = Buffer.alloc(188, 0xff);
  p.set([0x47, 0x40 | (pid >> 8), pid & 0xff, 0x10, 0x00, ...bytes]);
  return p;
}

describe('MPEG-TS packets', () => {
  it('reads and shifts PTS, DTS and PCR on the 33-bit clock', () => {
    const start = TS_WRAP - 1000;
    const p = videoStart(0x100, start + 3000, start, start - 500, []);
    expect(pidOf(p)).toBe(0x100);
    expect(isRandomAccess(p)).toBe(true);
    // PTS past the wrap already: 2^33 - 1000 + 3000 = 2000.
    expect(readPesTimes(p)).toEqual({ pts: 2000, dts: start });
    expect(readPcr(p)).toBe(start - 500);
    shiftPesTimes(p, 2000);
    shiftPcr(p, 2000);
    // Past the wrap: 2^33 - 1000 + 2000 = 1000.
    expect(readPesTimes(p)).toEqual({ pts: wrapTs(start + 5000), dts: 1000 });
    expect(wrapTs(start + 5000)).toBe(4000);
    expect(readPcr(p)).toBe(500);
    expect(p[10]! & 0x7f).toBe(0x7e);
    expect(tsDiff(start, 1000)).toBe(2000);
    expect(tsDiff(1000, start)).toBe(-2000);
  });

  it('rewrites the continuity counter only', () => {
    const p = videoStart(0x100, 0, 0, 0, []);
    setContinuity(p, 0x1b);
    expect(p[3]).toBe(0x3b);
  });

  it('reads the PMT PID from a PAT and the streams from a PMT', () => {
    const pat = section(0, [0x00, 0xb0, 0x0d, 0, 1, 0xc1, 0, 0, 0, 1, 0xf0, 0x00, 0, 0, 0, 0]);
    expect(readPat(pat)).toEqual([0x1000]);
    const pmt = section(
      0x1000,
      [0x02, 0xb0, 0x17, 0, 1, 0xc1, 0, 0, 0xe1, 0x00, 0xf0, 0x00]
        .concat([0x1b, 0xe1, 0x00, 0xf0, 0x00, 0x0f, 0xe1, 0x01, 0xf0, 0x00])
        .concat([0, 0, 0, 0]),
    );
    expect(readPmt(pmt)).toEqual({
      pcrPid: 0x100,
      streams: [
        { streamType: 0x1b, pid: 0x100 },
        { streamType: 0x0f, pid: 0x101 },
      ],
    });
  });

  it('tells decoder setups apart by parameter sets and ADTS format, behind an SEI', () => {
    const sps = [0x67, 0x42, 0xc0, 0x1e];
    const pps = [0x68, 0xce, 0x3c, 0x80];
    const es = (s: number[]) =>
      Buffer.from([
        0,
        0,
        0,
        1,
        0x09,
        0xf0,
        0,
        0,
        1,
        0x06,
        5,
        5,
        5,
        0,
        0,
        1,
        ...s,
        0,
        0,
        1,
        ...pps,
        0,
        0,
        1,
        0x65,
        0x88,
      ]);
    expect(decoderConfig(es(sps), 0x1b)).toBe('6742c01e.68ce3c80');
    expect(decoderConfig(es([0x67, 0x64, 0x00, 0x1f]), 0x1b)).not.toBe(decoderConfig(es(sps), 0x1b));
    const adts = (rateIndex: number) => Buffer.from([0xff, 0xf1, 0x40 | (rateIndex << 2), 0x80, 0, 0, 0]);
    expect(decoderConfig(adts(3), 0x0f)).not.toBe(decoderConfig(adts(4), 0x0f));
    const a = { streamTypes: '1b,f', configs: new Map([[0x100, 'x']]) };
    expect(sameDecoders(a, { streamTypes: '1b,f', configs: new Map() })).toBe(true);
    expect(sameDecoders(a, { streamTypes: '1b', configs: new Map() })).toBe(false);
    expect(sameDecoders(a, { streamTypes: '1b,f', configs: new Map([[0x100, 'y']]) })).toBe(false);
  });
});
