import { describe, expect, it } from 'vitest';
import { realtimePicture } from '../../src/modules/realtime/realtime-picture';

const rtp = { host: '127.0.0.1', video: 40_000, audio: 40_002 };
const info = (bFrames: boolean | undefined, bitrateKbps: number | null = 4000) => ({
  formatName: 'flv',
  video: { codec: 'h264', width: 1280, height: 720, fps: 30, bitrateKbps, profile: 'High', bFrames },
  audio: null,
});

describe('realtimePicture', () => {
  it('copies the picture unless the source is known to send B-frames', () => {
    expect(realtimePicture(rtp, info(false))).toEqual(rtp);
    expect(realtimePicture(rtp, info(undefined))).toEqual(rtp);
    expect(realtimePicture(rtp, null)).toEqual(rtp);
    expect(realtimePicture(rtp, info(true))).toEqual({ ...rtp, reencodeKbps: 4000 });
    // An unknown bitrate: 2.5 Mbit/s; a huge one is capped.
    expect(realtimePicture(rtp, info(true, null)).reencodeKbps).toBe(2500);
    expect(realtimePicture(rtp, info(true, 50_000)).reencodeKbps).toBe(8000);
  });
});
