import { describe, expect, it } from 'vitest';
import { programLadderLowLatency } from '../src/abr-args';
import { planLadder } from '../src/abr-ladder';
import { programLowLatency } from '../src/program-args';
import { PROGRAM_RTP, programRtp } from '../src/rtp-args';

const targets = { host: '127.0.0.1', video: 40_000, audio: 40_002 };

describe('programRtp', () => {
  it('copies the picture, encodes Opus 48 kHz and tees one RTP session per stream', () => {
    const args = programRtp(targets);
    expect(args.slice(0, 4)).toEqual(['-map', '0:v:0', '-c:v', 'copy']);
    expect(args.slice(4, 8)).toEqual(['-map', '0:a:0?', '-c:a', 'libopus']);
    expect(args[args.indexOf('-ar') + 1]).toBe('48000');
    expect(args.at(-3)).toBe('-f');
    expect(args.at(-2)).toBe('tee');
    const [video, audio] = args.at(-1)!.split('|');
    expect(video).toBe(
      `[select=v:f=rtp:payload_type=96:ssrc=${PROGRAM_RTP.video.ssrc}:pkt_size=1200]` +
        'rtp://127.0.0.1:40000?rtcpport=40000',
    );
    // A program without sound keeps its picture: only the audio session may fail.
    expect(audio).toMatch(/^\[select=a:f=rtp:payload_type=111:ssrc=\d+:pkt_size=1200:onfail=ignore\]/);
    expect(audio).toMatch(/rtp:\/\/127\.0\.0\.1:40002\?rtcpport=40002$/);
  });

  it('is one more output of the low-latency writer, with or without a ladder', () => {
    const plain = programLowLatency();
    expect(programLowLatency(targets)).toEqual([...plain, ...programRtp(targets)]);
    const rungs = planLadder(['source', '360p'], { height: 720 });
    expect(programLadderLowLatency(rungs, undefined, targets)).toEqual([
      ...programLadderLowLatency(rungs),
      ...programRtp(targets),
    ]);
    expect(plain).not.toContain('tee');
  });

  it('encodes the picture again, constrained baseline without B-frames, only when asked', () => {
    const args = programRtp({ ...targets, reencodeKbps: 3000 });
    const video = args.slice(0, args.indexOf('-map', 2));
    expect(video).toContain('libx264');
    expect(video[video.indexOf('-profile:v') + 1]).toBe('baseline');
    expect(video[video.indexOf('-bf') + 1]).toBe('0');
    expect(video[video.indexOf('-b:v') + 1]).toBe('3000k');
    expect(args.slice(args.indexOf('-map', 2))).toEqual(programRtp(targets).slice(4));
  });
});
