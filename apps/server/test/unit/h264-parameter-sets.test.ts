import { describe, expect, it } from 'vitest';
import { ParameterSetWatch, parameterSetsIn } from '../../src/modules/realtime/h264-parameter-sets';

// An SPS (type 7: constrained baseline, level 3.1), a PPS (type 8) and slices, as a publisher's RTP carries them.
const sps = Buffer.from([0x67, 0x42, 0xc0, 0x1f, 0xda, 0x01, 0x40, 0x16, 0xe8]);
const pps = Buffer.from([0x68, 0xce, 0x3c, 0x80]);
const idr = Buffer.from([0x65, 0x88, 0x84, 0x00]);
const stapA = (...units: Buffer[]) =>
  Buffer.concat([
    Buffer.from([0x78]),
    ...units.flatMap((u) => [Buffer.from([u.length >> 8, u.length & 0xff]), u]),
  ]);

describe('the H.264 parameter sets in a publisher RTP', () => {
  it('finds an SPS and a PPS sent whole, one per packet', () => {
    expect(parameterSetsIn(sps)).toEqual({ sps });
    expect(parameterSetsIn(pps)).toEqual({ pps });
    expect(parameterSetsIn(idr)).toEqual({});
  });

  it('finds both inside a STAP-A, beside a slice', () => {
    expect(parameterSetsIn(stapA(sps, pps, idr))).toEqual({ sps, pps });
  });

  it('stops at a STAP-A unit whose size runs past the packet, keeping the units before it', () => {
    const cut = stapA(sps, pps).subarray(0, 1 + 2 + sps.length + 2 + 2);
    expect(parameterSetsIn(cut)).toEqual({ sps });
    expect(parameterSetsIn(Buffer.from([0x78, 0x00, 0x00]))).toEqual({});
  });

  it('does not take an SPS too short to hold its profile and level, nor look into fragments', () => {
    expect(parameterSetsIn(Buffer.from([0x67, 0x42]))).toEqual({});
    // FU-A (type 28) of an SPS: not looked into.
    expect(parameterSetsIn(Buffer.from([0x7c, 0x87, 0x42, 0xc0, 0x1f]))).toEqual({});
  });

  it('keeps copies, not views of a packet buffer that is reused', () => {
    const packet = Buffer.from(sps);
    const found = parameterSetsIn(packet);
    packet.fill(0);
    expect(found.sps).toEqual(sps);
  });
});

describe('watching a stream for its parameter sets', () => {
  it('knows them once both have passed, and the latest of each', () => {
    const watch = new ParameterSetWatch();
    watch.see(sps);
    watch.see(idr);
    expect(watch.known).toBeUndefined();
    watch.see(pps);
    expect(watch.known).toEqual({ sps, pps });
    const sps2 = Buffer.from([...sps.subarray(0, 8), 0xe9]);
    watch.see(stapA(sps2, pps));
    expect(watch.known).toEqual({ sps: sps2, pps });
    watch.see(Buffer.alloc(0));
    expect(watch.known?.sps).toEqual(sps2);
  });

  it('wakes a waiter when they come, and gives up after its time', async () => {
    const watch = new ParameterSetWatch();
    const waiting = watch.whenKnown(10_000);
    watch.see(stapA(sps, pps));
    await expect(waiting).resolves.toEqual({ sps, pps });
    await expect(new ParameterSetWatch().whenKnown(10)).resolves.toBeUndefined();
    // Already known: at once.
    await expect(watch.whenKnown(0)).resolves.toEqual({ sps, pps });
  });
});
