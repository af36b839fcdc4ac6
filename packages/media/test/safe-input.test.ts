import { describe, expect, it } from 'vitest';
import { reliveSource } from '../src/ffmpeg-args';
import { frameAt, renderMp4 } from '../src/file-args';
import { programHls } from '../src/program-args';
import { ALLOWED_DEMUXERS, allowedDemuxer, inputAddress, safeInput } from '../src/safe-input';

const flagValue = (args: string[], flag: string) => args[args.indexOf(flag) + 1];
/** The options ffmpeg applies to the input: everything between the previous output-ish flag and -i. */
const inputOptions = (args: string[]) => {
  const i = args.indexOf('-i');
  return { options: args.slice(0, i), address: args[i + 1], inputs: args.filter((a) => a === '-i').length };
};

describe('allowedDemuxer', () => {
  it('maps ffprobe format names to the demuxer to force', () => {
    expect(allowedDemuxer('mov,mp4,m4a,3gp,3g2,mj2')).toBe('mov');
    expect(allowedDemuxer('matroska,webm')).toBe('matroska');
    expect(allowedDemuxer('mpegts')).toBe('mpegts');
    expect(allowedDemuxer('png_pipe')).toBe('png_pipe');
    expect(allowedDemuxer('jpeg_pipe')).toBe('jpeg_pipe');
  });

  it('refuses playlist and reference formats, raw sequences and the unknown', () => {
    for (const f of [
      'hls',
      'concat',
      'sdp',
      'rtsp',
      'rtp',
      'dash',
      'imf',
      'image2',
      'image2pipe',
      'tee',
      'lavfi',
    ])
      expect(allowedDemuxer(f)).toBeNull();
    expect(allowedDemuxer(null)).toBeNull();
    expect(allowedDemuxer('')).toBeNull();
    expect(ALLOWED_DEMUXERS).not.toContain('hls');
  });
});

describe('inputAddress', () => {
  it('reads a local path through the file protocol only, prefixed so no part of it is a protocol', () => {
    expect(inputAddress('/data/media/library/x/original.mkv')).toEqual({
      protocols: 'file',
      address: 'file:/data/media/library/x/original.mkv',
    });
    expect(inputAddress('file:/a/b.mp4')).toEqual({ protocols: 'file', address: 'file:/a/b.mp4' });
  });

  it('reads a presigned S3 object over http(s) only', () => {
    const url = 'https://s3.example/b/k?X-Amz-Signature=ab';
    expect(inputAddress(url)).toEqual({ protocols: 'https,tls,tcp', address: url });
    expect(inputAddress('http://127.0.0.1:9000/b/k').protocols).toBe('http,tcp');
  });

  it('refuses every other protocol instead of handing it to ffmpeg', () => {
    for (const url of [
      'concat:/a|/b',
      'subfile:,start,0,end,9,:/etc/passwd',
      'data:,x',
      'rtmp://h/a',
      'tee:',
    ])
      expect(() => inputAddress(url)).toThrow(/not a stored media address/);
  });
});

describe('safeInput', () => {
  it('whitelists the protocol and the demuxers, forces the probed demuxer and ends with -i', () => {
    expect(safeInput({ url: '/m/a.mp4', format: 'mov,mp4,m4a,3gp,3g2,mj2' })).toEqual([
      ...['-protocol_whitelist', 'file', '-format_whitelist', ALLOWED_DEMUXERS.join(',')],
      ...['-f', 'mov', '-i', 'file:/m/a.mp4'],
    ]);
  });

  it('forces nothing for an unknown or refused format, leaving the whitelist to refuse it', () => {
    const args = safeInput({ url: '/m/old.m3u8', format: 'hls' });
    expect(args).not.toContain('-f');
    expect(flagValue(args, '-format_whitelist')).toBe(ALLOWED_DEMUXERS.join(','));
  });
});

describe('every builder that reads a stored media reads it through safeInput', () => {
  const media = { url: '/m/a.mkv', format: 'matroska,webm' };
  const expected = safeInput(media);
  const builders: [string, string[]][] = [
    ['renderMp4', renderMp4(media, '/o/a.mp4')],
    ['frameAt', frameAt(media, 1, '/o/t.jpg')],
    ['reliveSource', reliveSource({ input: media, output: 'rtmp://127.0.0.1/live/k', loop: true }).args],
    [
      'programHls',
      programHls({
        source: { kind: 'file', input: media, loop: true, transcode: false },
        dir: '/h',
        latency: 'low',
      }),
    ],
  ];
  for (const [name, args] of builders) {
    it(`${name}: one input, with the whitelists right in front of it`, () => {
      const { options, address, inputs } = inputOptions(args);
      expect(inputs).toBe(1);
      expect(address).toBe('file:/m/a.mkv');
      expect(options.slice(-(expected.length - 2))).toEqual(expected.slice(0, -2));
    });
  }

  it('keeps -ss, -re and -stream_loop before the input they apply to', () => {
    const frame = frameAt(media, 2, '/o/t.jpg');
    expect(frame.indexOf('-ss')).toBeLessThan(frame.indexOf('-i'));
    const relive = reliveSource({ input: media, output: 'rtmp://h/live/k', loop: true }).args;
    expect(relive.indexOf('-stream_loop')).toBeLessThan(relive.indexOf('-i'));
    expect(relive.indexOf('-re')).toBeLessThan(relive.indexOf('-i'));
  });
});
