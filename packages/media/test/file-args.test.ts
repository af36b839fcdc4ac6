import { describe, expect, it } from 'vitest';
import {
  frameAt,
  joinSegmentsToMp4,
  previewTimes,
  recordSegments,
  renderMp4,
  tileFrames,
  waveformPng,
} from '../src/file-args';

const flagValue = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('file job arguments', () => {
  it('renders browser-playable H.264/AAC MP4 with the index in front', () => {
    const args = renderMp4({ url: '/in/a.mkv', format: 'matroska,webm' }, '/out/a.mp4');
    expect(flagValue(args, '-c:v')).toBe('libx264');
    expect(flagValue(args, '-pix_fmt')).toBe('yuv420p');
    expect(flagValue(args, '-c:a')).toBe('aac');
    expect(flagValue(args, '-movflags')).toBe('+faststart');
    expect(flagValue(args, '-progress')).toBe('pipe:1');
    expect(args.at(-1)).toBe('/out/a.mp4');
  });

  it('seeks before the input for a single frame', () => {
    const args = frameAt({ url: '/in/a.mp4' }, 12.5, '/out/t.jpg', 320);
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(flagValue(args, '-ss')).toBe('12.500');
    expect(flagValue(args, '-vf')).toBe('scale=320:-2');
    expect(flagValue(args, '-frames:v')).toBe('1');
  });

  it('spreads preview frames over the duration, inside it', () => {
    const times = previewTimes(10_000, 10);
    expect(times).toHaveLength(10);
    expect(times[0]).toBeCloseTo(0.5);
    expect(times[9]).toBeCloseTo(9.5);
    expect(previewTimes(0, 3)).toEqual([0, 0, 0]);
  });

  it('joins our own recording segments from local MPEG-TS files only, into a browser-ready MP4', () => {
    const args = joinSegmentsToMp4('/r/list.txt', '/r/recording.mp4');
    expect(flagValue(args, '-protocol_whitelist')).toBe('file');
    expect(flagValue(args, '-format_whitelist')).toBe('concat,mpegts');
    expect(args.indexOf('-format_whitelist')).toBeLessThan(args.indexOf('-i'));
    expect(flagValue(args, '-c')).toBe('copy');
    expect(flagValue(args, '-movflags')).toBe('+faststart');
    expect(args.at(-1)).toBe('/r/recording.mp4');
  });

  it('records a live pull into short MPEG-TS segments, cut at keyframes', () => {
    const args = recordSegments('rtmp://127.0.0.1:1935/live/k', '/rec/x', 'p0002');
    expect(flagValue(args, '-f')).toBe('segment');
    expect(flagValue(args, '-segment_format')).toBe('mpegts');
    expect(flagValue(args, '-segment_time')).toBe('2');
    expect(args.at(-1)).toBe('/rec/x/p0002-%05d.ts');
  });

  it('draws the first audio stream as one mono waveform picture through the checked input', () => {
    const args = waveformPng({ url: '/in/a.mp3', format: 'mp3' }, '/out/w.png');
    expect(flagValue(args, '-filter_complex')).toBe(
      '[0:a:0]aformat=channel_layouts=mono,showwavespic=s=1200x96:colors=0x4f7fd9:scale=sqrt:draw=full[w]',
    );
    expect(flagValue(args, '-f')).toBe('mp3'); // the probed demuxer, forced before -i
    expect(args.indexOf('-f')).toBeLessThan(args.indexOf('-i'));
    expect(flagValue(args, '-map')).toBe('[w]');
    expect(args.slice(-3)).toEqual(['-c:v', 'png', '/out/w.png']);
  });

  it('tiles frames into one row', () => {
    expect(flagValue(tileFrames('/t/f-%02d.jpg', 10, '/t/p.jpg'), '-vf')).toBe('tile=10x1');
  });
});
