import { describe, expect, it } from 'vitest';
import { RtpContinuity } from '../../src/modules/realtime/rtp-continuity';

const packet = (seq: number, ts: number) => {
  const p = Buffer.alloc(20);
  p[0] = 0x80;
  p[1] = 96;
  p.writeUInt16BE(seq, 2);
  p.writeUInt32BE(ts >>> 0, 4);
  return p;
};
const header = (p: Buffer) => ({ seq: p.readUInt16BE(2), ts: p.readUInt32BE(4) });

describe('RtpContinuity', () => {
  it('leaves one writer’s stream as it is, across the sequence wrap', () => {
    let now = 0;
    const c = new RtpContinuity(90_000, () => now);
    const out = [65_534, 65_535, 0, 1].map((seq, i) => {
      now = i * 33;
      const p = packet(seq, 1000 + i * 3000);
      c.apply(p);
      return header(p);
    });
    expect(out.map((h) => h.seq)).toEqual([65_534, 65_535, 0, 1]);
    expect(out.map((h) => h.ts)).toEqual([1000, 4000, 7000, 10_000]);
  });

  it('continues a restarted writer’s random numbering by one packet and the time elapsed', () => {
    let now = 1000;
    const c = new RtpContinuity(90_000, () => now);
    const first = packet(100, 5000);
    c.apply(first);
    now += 250; // a quarter second until the new writer's first packet
    const restarted = packet(40_000, 3_000_000_000);
    c.apply(restarted);
    expect(header(restarted)).toEqual({ seq: 101, ts: 5000 + 22_500 });
    now += 33;
    const next = packet(40_001, 3_000_003_000);
    c.apply(next);
    expect(header(next)).toEqual({ seq: 102, ts: 5000 + 22_500 + 3000 });
  });

  it('tells a restart whose sequence number lands just ahead by its timestamp', () => {
    let now = 0;
    const c = new RtpContinuity(90_000, () => now);
    c.apply(packet(500, 1_000_000));
    now += 100;
    const restarted = packet(1992, 4_000_000_000);
    c.apply(restarted);
    expect(header(restarted)).toEqual({ seq: 501, ts: 1_000_000 + 9000 });
  });

  it('takes loss and late packets for what they are, not for a restart', () => {
    let now = 0;
    const c = new RtpContinuity(48_000, () => now);
    for (const [seq, ts] of [
      [10, 960],
      [15, 5760], // four lost
      [13, 3840], // late
      [16, 6720],
    ] as const) {
      now += 20;
      const p = packet(seq, ts);
      c.apply(p);
      expect(header(p)).toEqual({ seq, ts });
    }
  });
});
