import { describe, expect, it } from 'vitest';
import { ProbeError, parseProbeOutput, parseRate, probeStream } from '../src/probe';

describe('parseProbeOutput', () => {
  it('maps streams and format of a typical file', () => {
    const info = parseProbeOutput({
      streams: [
        {
          codec_type: 'video',
          codec_name: 'h264',
          profile: 'High',
          width: 1280,
          height: 720,
          avg_frame_rate: '30000/1001',
          bit_rate: '2500000',
        },
        { codec_type: 'audio', codec_name: 'aac', sample_rate: '48000', channels: 2, bit_rate: '128000' },
      ],
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.345000' },
    });
    expect(info).toEqual({
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      video: { codec: 'h264', width: 1280, height: 720, fps: 29.97, bitrateKbps: 2500, profile: 'High' },
      audio: { codec: 'aac', sampleRate: 48000, channels: 2, bitrateKbps: 128 },
      durationMs: 12345,
    });
  });

  it('survives live inputs and odd files: missing fields, N/A, cover art, nothing at all', () => {
    const live = parseProbeOutput({
      streams: [
        { codec_type: 'video', codec_name: 'mjpeg', disposition: { attached_pic: 1 } },
        { codec_type: 'audio', codec_name: 'mp3', sample_rate: 'N/A' },
      ],
      format: { format_name: 'mp3', duration: 'N/A' },
    });
    expect(live.video).toBeNull();
    expect(live.audio).toEqual({ codec: 'mp3', sampleRate: null, channels: null, bitrateKbps: null });
    expect(live.durationMs).toBeNull();
    const rtmp = parseProbeOutput({
      streams: [{ codec_type: 'video', r_frame_rate: '25/1', avg_frame_rate: '0/0' }],
    });
    expect(rtmp.video).toEqual({
      codec: 'unknown',
      width: 0,
      height: 0,
      fps: 25,
      bitrateKbps: null,
      profile: null,
    });
    expect(rtmp.formatName).toBeNull();
    expect(parseProbeOutput(null)).toEqual({ formatName: null, video: null, audio: null, durationMs: null });
  });

  it('says whether the picture has B-frames where ffprobe states the reorder depth', () => {
    const video = (has_b_frames?: number) =>
      parseProbeOutput({ streams: [{ codec_type: 'video', codec_name: 'h264', has_b_frames }] }).video;
    expect(video(2)?.bFrames).toBe(true);
    expect(video(0)?.bFrames).toBe(false);
    expect(video()).not.toHaveProperty('bFrames');
  });

  it('parses frame rates', () => {
    expect(parseRate('25/1')).toBe(25);
    expect(parseRate('24000/1001')).toBe(23.98);
    expect(parseRate('0/0')).toBeNull();
    expect(parseRate(undefined)).toBeNull();
    expect(parseRate('50')).toBe(50);
  });
});

describe('probeStream without ffprobe', () => {
  it('throws a typed error in words when ffprobe is missing', async () => {
    const err = await probeStream('a.mp4', '/nonexistent/ffprobe').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProbeError);
    expect(err).toMatchObject({ kind: 'not-found', message: 'ffprobe not found (/nonexistent/ffprobe)' });
  });
});
