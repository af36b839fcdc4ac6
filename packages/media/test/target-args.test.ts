import { describe, expect, it } from 'vitest';
import { COMMON_ARGS } from '../src/ffmpeg-args';
import { secretFilePlaceholder } from '../src/secret-pipes';
import { icecastTarget, joinRtmpUrl, rtmpTarget, srtTarget } from '../src/target-args';

const flagValue = (args: string[], flag: string) => args[args.indexOf(flag) + 1];
const input = 'rtmp://127.0.0.1:19350/live/src';

/** Live pulls: -rw_timeout in microseconds before -i, so a dead feed ends the process. */
function expectLivePull(args: string[], rwTimeoutUs = '5000000') {
  expect(args.slice(0, COMMON_ARGS.length)).toEqual(COMMON_ARGS);
  const i = args.indexOf('-i');
  expect(args[i + 1]).toBe(input);
  expect(flagValue(args, '-rw_timeout')).toBe(rwTimeoutUs);
  expect(args.indexOf('-rw_timeout')).toBeLessThan(i);
}

describe('rtmpTarget', () => {
  it('copies the feed to the URL as FLV, exiting on the first read error', () => {
    const { args, secretFiles } = rtmpTarget({ input, url: 'rtmp://a.rtmp.youtube.com/live2/key' });
    expectLivePull(args);
    expect(args.indexOf('-xerror')).toBeLessThan(args.indexOf('-i'));
    expect(flagValue(args, '-c')).toBe('copy');
    // The stream key goes on a pipe as the protocol's options, the URL keeps server and application.
    expect(args.slice(-7)).toEqual([
      '-f',
      'flv',
      '-flvflags',
      'no_duration_filesize',
      '-fpre',
      secretFilePlaceholder(0),
      'rtmp://a.rtmp.youtube.com/live2',
    ]);
    expect(secretFiles).toEqual(['rtmp_app=live2\nrtmp_playpath=key\n']);
  });

  it('splits the key off at the last slash before any query, keeping applications with slashes', () => {
    const split = (url: string) => {
      const { args, secretFiles } = rtmpTarget({ input, url });
      return [args.at(-1), secretFiles?.[0]];
    };
    expect(split('rtmps://live-api-s.facebook.com:443/rtmp/FB-1-2?s_bl=1&a=x/y')).toEqual([
      'rtmps://live-api-s.facebook.com:443/rtmp',
      'rtmp_app=rtmp\nrtmp_playpath=FB-1-2?s_bl=1&a=x/y\n',
    ]);
    expect(split('rtmp://h/app/instance/k')).toEqual([
      'rtmp://h/app/instance',
      'rtmp_app=app/instance\nrtmp_playpath=k\n',
    ]);
    // Nothing to hide: the URL as it is.
    expect(split('rtmp://h/app')).toEqual(['rtmp://h/app', undefined]);
    expect(() => rtmpTarget({ input, url: 'rtmp://h/app/k\nrtmp_tcurl=x' })).toThrow(/line break/);
  });

  it('takes a custom read timeout', () => {
    expectLivePull(rtmpTarget({ input, url: 'rtmp://h/a/b', rwTimeoutMs: 2000 }).args, '2000000');
  });

  it('joins server URL and stream key like OBS', () => {
    expect(joinRtmpUrl('rtmp://a.rtmp.youtube.com/live2/', 'abcd')).toBe(
      'rtmp://a.rtmp.youtube.com/live2/abcd',
    );
    expect(joinRtmpUrl('rtmp://h/app', '')).toBe('rtmp://h/app');
  });
});

describe('srtTarget', () => {
  it('sends MPEG-TS as caller with latency in microseconds and 1316-byte packets', () => {
    const args = srtTarget({ input, host: 'srt.example.com', port: 9000, latencyMs: 200 }).args;
    expectLivePull(args);
    expect(flagValue(args, '-f')).toBe('mpegts');
    expect(args.at(-1)).toBe('srt://srt.example.com:9000?mode=caller&latency=200000&pkt_size=1316');
    expect(args).not.toContain('-passphrase');
    expect(args).not.toContain('-srt_streamid');
  });

  it('passes passphrase and stream id as protocol options (-srt_streamid: -streamid is a CLI option)', () => {
    const streamId = '#!::r=live/abc,m=publish';
    const { args, secretFiles } = srtTarget({
      input,
      host: '2001:db8::1',
      port: 9000,
      passphrase: 'correct horse',
      streamId,
    });
    expect(secretFiles).toEqual([`passphrase=correct horse\npbkeylen=16\nsrt_streamid=${streamId}\n`]);
    expect(args.join(' ')).not.toMatch(/correct horse|abc/);
    expect(args).not.toContain('-streamid');
    expect(args.at(-1)).toMatch(/^srt:\/\/\[2001:db8::1\]:9000\?mode=caller&latency=200000&/);
    expect(args.indexOf('-fpre')).toBeGreaterThan(args.indexOf('-i'));
  });
});

describe('icecastTarget', () => {
  const base = { input, url: 'icecast://127.0.0.1:8000', mount: '/live.mp3', password: 'p@ss:w/rd' };

  it('sends MP3 via libmp3lame as audio/mpeg, without ID3/Xing headers', () => {
    const args = icecastTarget({ ...base, format: 'mp3', bitrateKbps: 192 }).args;
    expectLivePull(args);
    expect(args).toContain('-vn');
    expect(flagValue(args, '-c:a')).toBe('libmp3lame');
    expect(flagValue(args, '-b:a')).toBe('192k');
    expect(flagValue(args, '-content_type')).toBe('audio/mpeg');
    expect(flagValue(args, '-f')).toBe('mp3');
    expect(flagValue(args, '-write_xing')).toBe('0');
    expect(args.at(-1)).toBe('icecast://source@127.0.0.1:8000/live.mp3');
  });

  it('sends AAC in ADTS as audio/aac', () => {
    const args = icecastTarget({ ...base, mount: '/live.aac', format: 'aac' }).args;
    expect(flagValue(args, '-c:a')).toBe('aac');
    expect(flagValue(args, '-content_type')).toBe('audio/aac');
    expect(flagValue(args, '-f')).toBe('adts');
    expect(flagValue(args, '-b:a')).toBe('128k');
  });

  it('keeps the password out of the URL and accepts http(s) server addresses', () => {
    const args = icecastTarget({
      ...base,
      url: 'https://radio.example.com:8443/',
      username: 'dj',
      format: 'mp3',
    }).args;
    expect(icecastTarget({ ...base, format: 'mp3' }).secretFiles).toEqual(['password=p@ss:w/rd\n']);
    expect(args.join(' ')).not.toContain('p@ss');
    expect(args.at(-1)).toBe('icecast://dj@radio.example.com:8443/live.mp3');
    expect(flagValue(args, '-tls')).toBe('1');
    const plain = icecastTarget({ ...base, url: 'http://h:8000', format: 'mp3', name: 'Radio' }).args;
    expect(plain).not.toContain('-tls');
    expect(flagValue(plain, '-ice_name')).toBe('Radio');
  });

  it('does not read past a live input error: transcoding tolerates a corrupt packet', () => {
    expect(icecastTarget({ ...base, format: 'mp3' }).args).not.toContain('-xerror');
  });

  it('rejects addresses, mounts and user names it cannot express', () => {
    expect(() => icecastTarget({ ...base, url: 'ftp://h', format: 'mp3' }).args).toThrow(/Icecast URL/);
    expect(() => icecastTarget({ ...base, url: 'http://h:8000/path', format: 'mp3' }).args).toThrow(
      /Icecast URL/,
    );
    expect(() => icecastTarget({ ...base, mount: 'live', format: 'mp3' }).args).toThrow(/mount/);
    expect(() => icecastTarget({ ...base, username: 'a b', format: 'mp3' }).args).toThrow(/user name/);
  });
});
