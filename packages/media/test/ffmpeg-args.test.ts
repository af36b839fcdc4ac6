import { describe, expect, it } from 'vitest';
import {
  COMMON_ARGS,
  canCopyToFlv,
  demoSource,
  drawtextSafe,
  reliveSource,
  SRT_CALLER_PICTURE,
  srtIngestListener,
  toMicroseconds,
} from '../src/ffmpeg-args';
import { secretFilePlaceholder } from '../src/secret-pipes';

/** The value following a flag, e.g. flagValue(args, '-g'). */
const flagValue = (args: string[], flag: string, from = 0) => args[args.indexOf(flag, from) + 1];
const inputs = (args: string[]) => args.flatMap((a, i) => (a === '-i' ? [args[i + 1]] : []));

describe('common arguments', () => {
  it('every builder starts with quiet logs, progress on stdout and no stdin', () => {
    expect(COMMON_ARGS).toEqual([
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'warning',
      '-progress',
      'pipe:1',
      '-nostats',
    ]);
    const all = [
      demoSource({ output: 'rtmp://h/live/k' }).args,
      reliveSource({ input: { url: 'a.mp4' }, output: 'rtmp://h/live/k' }).args,
    ];
    for (const args of all) expect(args.slice(0, COMMON_ARGS.length)).toEqual(COMMON_ARGS);
    // The SRT listener logs one level more, for the line that says a caller was accepted.
    const listener = srtIngestListener({ port: 9000, output: 'rtmp://h/live/k' }).args;
    expect(listener.slice(0, COMMON_ARGS.length)).toEqual(
      COMMON_ARGS.map((a) => (a === 'warning' ? 'verbose' : a)),
    );
  });

  it("knows the SRT listener's line for a caller's first picture", () => {
    expect(
      SRT_CALLER_PICTURE.test('[h264 @ 0x55a6e42d6cc0] Reinit context to 1280x720, pix_fmt: yuv420p'),
    ).toBe(true);
    expect(SRT_CALLER_PICTURE.test('[srt @ 0x56373ea7fe80] accept streamid [], length 0')).toBe(false);
  });

  it('converts milliseconds to the microseconds ffmpeg wants', () => {
    expect(toMicroseconds(5000)).toBe('5000000');
    expect(toMicroseconds(120)).toBe('120000');
  });
});

describe('demoSource', () => {
  const args = demoSource({ output: 'rtmp://127.0.0.1:1935/live/demo', label: 'Town hall' }).args;

  it('generates test pattern and tone in real time', () => {
    expect(inputs(args)).toEqual([
      'testsrc2=size=1280x720:rate=30',
      'sine=frequency=440:beep_factor=4:sample_rate=48000',
    ]);
    expect(args.filter((a) => a === '-re')).toHaveLength(2);
    expect(args.filter((a) => a === 'lavfi')).toHaveLength(2);
  });

  it('draws a running local clock and the label', () => {
    const vf = flagValue(args, '-vf');
    expect(vf).toContain("drawtext=text='%{localtime\\:%Y-%m-%d %X}'");
    expect(vf).toContain("drawtext=text='Town hall'");
  });

  it('encodes H.264 veryfast/zerolatency with a 2 s keyframe interval and AAC 128k, into FLV', () => {
    expect(flagValue(args, '-c:v')).toBe('libx264');
    expect(flagValue(args, '-preset')).toBe('veryfast');
    expect(flagValue(args, '-tune')).toBe('zerolatency');
    expect(flagValue(args, '-pix_fmt')).toBe('yuv420p');
    expect(flagValue(args, '-b:v')).toBe('2500k');
    expect(flagValue(args, '-g')).toBe('60');
    expect(flagValue(args, '-keyint_min')).toBe('60');
    expect(flagValue(args, '-c:a')).toBe('aac');
    expect(flagValue(args, '-b:a')).toBe('128k');
    expect(flagValue(args, '-f', args.indexOf('-c:v'))).toBe('flv');
    // The stream key reaches ffmpeg on a pipe (secret-pipes), the URL names the application only.
    expect(args.slice(-3)).toEqual(['-fpre', secretFilePlaceholder(0), 'rtmp://127.0.0.1:1935/live']);
  });

  it('follows size, rate and bitrate options, and omits an empty label', () => {
    const small = demoSource({
      output: 'rtmp://h/a/b',
      width: 640,
      height: 360,
      fps: 25,
      videoKbps: 800,
    }).args;
    expect(inputs(small)[0]).toBe('testsrc2=size=640x360:rate=25');
    expect(flagValue(small, '-g')).toBe('50');
    expect(flagValue(small, '-b:v')).toBe('800k');
    expect(flagValue(small, '-bufsize')).toBe('1600k');
    expect(flagValue(small, '-vf')?.match(/drawtext/g)).toHaveLength(1);
  });

  it('keeps label characters that would break drawtext or the filtergraph out', () => {
    expect(drawtextSafe("It's 100%: a,b;c[d]\\e")).toBe('It s 100 a b c d e');
    expect(drawtextSafe('Grüße #1 (Köln) – live!')).toBe('Grüße #1 (Köln) live!');
    const vf = flagValue(demoSource({ output: 'x', label: "a':b" }).args, '-vf');
    expect(vf).toContain("text='a b'");
  });
});

describe('reliveSource', () => {
  it('copies, in real time, without looping by default', () => {
    const args = reliveSource({
      input: { url: '/media/talk.mp4', format: 'mov,mp4,m4a,3gp,3g2,mj2' },
      output: 'rtmp://h/live/k',
    }).args;
    expect(args).toContain('-re');
    expect(args).not.toContain('-stream_loop');
    expect(inputs(args)).toEqual(['file:/media/talk.mp4']);
    expect(flagValue(args, '-protocol_whitelist')).toBe('file');
    expect(args.slice(args.indexOf('-i') - 2, args.indexOf('-i'))).toEqual(['-f', 'mov']);
    expect(flagValue(args, '-c')).toBe('copy');
    expect(args.slice(-5)).toEqual([
      '-flvflags',
      'no_duration_filesize',
      '-fpre',
      secretFilePlaceholder(0),
      'rtmp://h/live',
    ]);
  });

  it('loops forever with -stream_loop -1 before the input', () => {
    const args = reliveSource({ input: { url: 'a.mkv' }, output: 'rtmp://h/live/k', loop: true }).args;
    expect(flagValue(args, '-stream_loop')).toBe('-1');
    expect(args.indexOf('-stream_loop')).toBeLessThan(args.indexOf('-i'));
  });

  it('transcodes to H.264/AAC with time-based keyframes when asked', () => {
    const args = reliveSource({ input: { url: 'a.webm' }, output: 'rtmp://h/live/k', transcode: true }).args;
    expect(args).not.toContain('copy');
    expect(flagValue(args, '-c:v')).toBe('libx264');
    expect(flagValue(args, '-c:a')).toBe('aac');
    expect(flagValue(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*2)');
  });

  it('decides copy vs transcode from probed codecs', () => {
    const video = { codec: 'h264', width: 1, height: 1, fps: null, bitrateKbps: null, profile: null };
    const audio = { codec: 'aac', sampleRate: 48000, channels: 2, bitrateKbps: null };
    expect(canCopyToFlv({ formatName: 'mov', video, audio })).toBe(true);
    expect(canCopyToFlv({ formatName: 'mov', video, audio: null })).toBe(true);
    expect(canCopyToFlv({ formatName: 'webm', video: { ...video, codec: 'vp9' }, audio })).toBe(false);
    expect(canCopyToFlv({ formatName: 'webm', video, audio: { ...audio, codec: 'opus' } })).toBe(false);
    expect(canCopyToFlv({ formatName: 'x', video: null, audio: null })).toBe(false);
  });
});

describe('srtIngestListener', () => {
  it('listens with latency and read timeout in microseconds and remuxes to FLV', () => {
    const { args, secrets, secretFiles } = srtIngestListener({
      port: 9000,
      latencyMs: 120,
      output: 'rtmp://127.0.0.1/live/k',
    });
    expect(inputs(args)).toEqual(['pipe:4']);
    expect(secrets[0]).toContain("file 'srt://0.0.0.0:9000?mode=listener&latency=120000&timeout=5000000'");
    expect(secrets[0]).not.toContain('passphrase');
    expect(flagValue(args, '-c')).toBe('copy');
    expect(args.slice(-3)).toEqual(['-fpre', secretFilePlaceholder(0), 'rtmp://127.0.0.1/live']);
    expect(secretFiles).toEqual(['rtmp_app=live\nrtmp_playpath=k\n']);
  });

  it('passes the passphrase in the script on a pipe, never on the command line, with AES-128', () => {
    const key = "a&b c%d#e+f'g";
    const { args, secrets } = srtIngestListener({ port: 9000, passphrase: key, output: 'x', host: '::' });
    expect(args.join(' ')).not.toContain('a&b');
    expect(secrets[0]).toBe(
      [
        'ffconcat version 1.0',
        "file 'srt://[::]:9000?mode=listener&latency=200000&timeout=5000000'",
        // ffconcat's quoting: a quote ends the quoted part, is escaped, and a new quoted part begins.
        "option passphrase 'a&b c%d#e+f'\\''g'",
        "option pbkeylen '16'",
        "option protocol_whitelist 'srt'",
        "option format_whitelist 'mpegts'",
        "option fpsprobesize '0'",
        '',
      ].join('\n'),
    );
  });

  it('stops probing once the codecs are known, not after 20 frames more for the frame rate', () => {
    const { args, secrets } = srtIngestListener({ port: 9000, output: 'x' });
    // Both the concat entry (the SRT input itself) and the outer concat input.
    expect(secrets[0]).toContain("option fpsprobesize '0'");
    expect(flagValue(args, '-fpsprobesize')).toBe('0');
    expect(args.indexOf('-fpsprobesize')).toBeLessThan(args.indexOf('-i'));
  });

  it('reads MPEG-TS over SRT only, whatever the caller sends (no probing into a playlist)', () => {
    const args = srtIngestListener({ port: 9000, output: 'x' }).args;
    const i = args.indexOf('-i');
    // The outer whitelists admit the script on its pipe; the entry's own (in the script) only MPEG-TS
    // over SRT, so the caller's bytes are never probed as a playlist or a script.
    expect(args.slice(i - 8, i)).toEqual([
      '-protocol_whitelist',
      'pipe,srt',
      '-format_whitelist',
      'concat,mpegts',
      '-f',
      'concat',
      '-safe',
      '0',
    ]);
  });

  it('rejects passphrases SRT would refuse', () => {
    expect(() => srtIngestListener({ port: 1, passphrase: 'short', output: 'x' }).args).toThrow(/10 to 79/);
    expect(() => srtIngestListener({ port: 1, passphrase: 'x'.repeat(80), output: 'x' }).args).toThrow(
      RangeError,
    );
  });
});
