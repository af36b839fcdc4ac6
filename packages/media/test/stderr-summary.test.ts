import { describe, expect, it } from 'vitest';
import { describeExit, redactArgs, redactSecrets, StderrRing, summarizeStderr } from '../src/stderr-summary';

// Real ffmpeg 5.1 stderr, captured while building this package.
const REFUSED = [
  '[tcp @ 0x5647b8814c80] Connection to tcp://127.0.0.1:36775?tcp_nodelay=0 failed: Connection refused',
  '[rtmp @ 0x5647b8814140] Cannot open connection tcp://127.0.0.1:36775?tcp_nodelay=0',
  'rtmp://127.0.0.1:36775/live/x: Connection refused',
];
const RECEIVER_GONE = [
  'av_interleaved_write_frame(): Broken pipe',
  '    Last message repeated 1 times',
  '[flv @ 0x564054dbd440] Failed to update header with correct duration.',
  'Error writing trailer of rtmp://127.0.0.1:37805/live/x: Broken pipe',
];
const WRONG_PASSPHRASE = [
  '11:27:41.010128/SRT:RcvQ:w1!W:SRT.cn: processConnectRequest: rsp(REJECT): 1010 - Incorrect passphrase',
  '[srt @ 0x557fe8cf1040] Connection to srt://127.0.0.1:45503?mode=caller failed: Input/output error',
  'srt://127.0.0.1:45503?mode=caller: Input/output error',
];
const ICECAST_401 = [
  '[http @ 0x556e271972c0] HTTP error 401 Authentication Required',
  'icecast://source@127.0.0.1:35423/x.mp3: Server returned 401 Unauthorized (authorization failed)',
];
const PLAYLIST_REFUSED = [
  "[hls @ 0x55698bd046c0] Format not on whitelist 'mov,matroska,mpegts'",
  'file:/data/media/library/x/original.m3u8: Invalid argument',
];
const PROTOCOL_REFUSED = [
  "[http @ 0x556b930b5b40] Protocol 'http' not on whitelist 'file'!",
  'file:/data/x.ts: Invalid data found when processing input',
];

describe('summarizeStderr', () => {
  it.each([
    ['a playlist under the demuxer whitelist', PLAYLIST_REFUSED, 'Format hls is not accepted for media'],
    ['a protocol off the whitelist', PROTOCOL_REFUSED, 'Protocol http is not allowed for media'],
    ['connection refused', REFUSED, 'Connection refused'],
    ['receiver gone', RECEIVER_GONE, 'Broken pipe (the receiver closed the connection)'],
    ['SRT passphrase, not the generic I/O error after it', WRONG_PASSPHRASE, 'Wrong SRT passphrase'],
    ['HTTP status', ICECAST_401, 'Server returned 401 Unauthorized'],
    ['404', ['http://x/y.m3u8: Server returned 404 Not Found'], 'Server returned 404 Not Found'],
    ['dead feed', ['rtmp://127.0.0.1:1/live/x: Input/output error'], 'Input/output error'],
    ['time-out', ['rtmp://h/live/x: Connection timed out'], 'Connection timed out'],
  ])('%s', (_name, lines, expected) => {
    expect(summarizeStderr(lines)).toBe(expected);
  });

  it('falls back to the last meaningful line, without the [tag @ 0x…] prefix and without secrets', () => {
    const lines = ['[libx264 @ 0x55d] width not divisible by 2 (641x360)', 'Conversion failed!'];
    expect(summarizeStderr(lines)).toBe('width not divisible by 2 (641x360)');
    expect(summarizeStderr(['Weird failure at rtmp://a.example/live/sk_live_123'])).toBe(
      'Weird failure at rtmp://a.example/live/***',
    );
  });

  it('returns null when there is only noise', () => {
    expect(summarizeStderr(['Exiting normally, received signal 15.', '  '])).toBeNull();
    expect(summarizeStderr([])).toBeNull();
  });
});

describe('describeExit', () => {
  const base = { command: 'ffmpeg', code: 1, signal: null, spawnError: null, stalledMs: null, stderr: [] };
  it('prefers a missing binary, then a stall, then stderr, then the code or signal', () => {
    const enoent = Object.assign(new Error('spawn x ENOENT'), { code: 'ENOENT' });
    expect(describeExit({ ...base, spawnError: enoent })).toBe('ffmpeg not found');
    expect(describeExit({ ...base, stalledMs: 20_000, stderr: REFUSED })).toBe(
      'No progress for 20 s (stalled)',
    );
    expect(describeExit({ ...base, stderr: REFUSED })).toBe('Connection refused');
    expect(describeExit({ ...base, code: null, signal: 'SIGKILL' })).toBe('ffmpeg was killed (SIGKILL)');
    expect(describeExit({ ...base, code: 0 })).toBe('ffmpeg ended: the input finished');
    expect(describeExit({ ...base, code: 183 })).toBe('ffmpeg exited with code 183');
  });
});

describe('redaction', () => {
  it('masks URL credentials, secret query values and RTMP stream keys', () => {
    expect(redactSecrets('icecast://source:hunter2@host:8000/live.mp3')).toBe(
      'icecast://source:***@host:8000/live.mp3',
    );
    expect(redactSecrets('srt://h:9000?mode=caller&passphrase=abcdefghijk&latency=200000')).toBe(
      'srt://h:9000?mode=caller&passphrase=***&latency=200000',
    );
    expect(redactSecrets('rtmp://a.rtmp.youtube.com/live2/abcd-efgh-ijkl')).toBe(
      'rtmp://a.rtmp.youtube.com/live2/***',
    );
    expect(redactSecrets('keyint=60')).toBe('keyint=60');
  });

  it('masks the values of -password and -passphrase in argument lists', () => {
    expect(redactArgs(['-passphrase', 'abcdefghijk', '-password', 'pw', '-i', 'rtmp://h/app/key'])).toEqual([
      '-passphrase',
      '***',
      '-password',
      '***',
      '-i',
      'rtmp://h/app/***',
    ]);
  });
});

describe('StderrRing', () => {
  it('keeps only the newest lines and joins lines split across chunks', () => {
    const ring = new StderrRing(3);
    ring.push('one\ntw');
    ring.push('o\r\nthree\n\nfour\nfi');
    expect(ring.lines()).toEqual(['two', 'three', 'four', 'fi']);
    ring.push('ve\n');
    expect(ring.lines()).toEqual(['three', 'four', 'five']);
    ring.clear();
    expect(ring.lines()).toEqual([]);
  });

  it('bounds a runaway line without newline', () => {
    const ring = new StderrRing(2);
    ring.push('x'.repeat(10_000));
    expect(ring.lines().every((l) => l.length <= 1000)).toBe(true);
  });
});
