// The ffmpeg detection as a state machine (issue 29, item 4): time-outs are retried, never "not found".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ProbeRun, runProbe } from '../src/capabilities';
import { MediaRuntime, mediaStateOf } from '../src/media-runtime';

const ANSWERS: Record<string, string> = {
  '-version': 'ffmpeg version 5.1.6 Copyright',
  '-protocols': 'Input:\n  rtmp\n  srt\nOutput:\n  rtmp\n  srt\n  icecast\n',
  '-encoders': ' V..... libx264 H.264\n A..... aac AAC\n A..... libmp3lame MP3\n',
  '-filters': ' ... drawtext V->V Draw text\n',
};

/** A probe runner that answers from a script: each call takes the next outcome for its question. */
function scripted(outcomes: Record<string, ('ok' | 'timed-out' | 'not-found')[]>) {
  const calls: { bin: string; arg: string; timeoutMs: number }[] = [];
  const run = async (bin: string, args: string[], timeoutMs: number): Promise<ProbeRun> => {
    const arg = args[1]!;
    const key = bin === 'ffprobe' ? 'ffprobe' : arg;
    calls.push({ bin, arg, timeoutMs });
    const next = outcomes[key]?.shift() ?? 'ok';
    if (next === 'ok') return { ok: true, stdout: bin === 'ffprobe' ? 'ffprobe version 5.1' : ANSWERS[arg]! };
    return { ok: false, kind: next, message: `${bin} ${arg}: ${next}` };
  };
  return { run, calls };
}

const log = { warn: vi.fn(), info: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
  log.warn.mockClear();
});

describe('MediaRuntime', () => {
  it('is ready after one round when every probe answers', async () => {
    const { run } = scripted({});
    const media = new MediaRuntime({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', run, log });
    await media.start();
    expect(media.state).toBe('ready');
    expect(media.capabilities).toMatchObject({ ffmpeg: true, ffprobe: true, version: '5.1.6', missing: [] });
    expect(media.capabilities.protocols).toEqual({ rtmp: true, srt: true, icecast: true });
  });

  it('asks again what timed out, with a longer time-out, and keeps what answered', async () => {
    vi.useFakeTimers();
    const { run, calls } = scripted({ '-encoders': ['timed-out', 'timed-out'], ffprobe: ['timed-out'] });
    const media = new MediaRuntime({
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
      run,
      log,
      timeoutMs: 100,
    });
    const states: string[] = [];
    media.onSettled((s) => states.push(s));
    await media.start();
    expect(media.state).toBe('detecting');
    expect(media.ready).toBe(false);
    expect(media.capabilities.ffmpeg).toBe(false); // nothing is used before it is known
    expect(media.capabilities.missing[0]).toContain('being detected');
    expect(log.warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(media.state).toBe('detecting');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(media.state).toBe('ready');
    expect(states).toEqual(['ready']);
    // Round 1 asked all five; round 2 the two that timed out; round 3 the one still missing.
    expect(calls.map((c) => c.timeoutMs)).toEqual([100, 100, 100, 100, 100, 200, 200, 400]);
    expect(calls.slice(5).map((c) => (c.bin === 'ffprobe' ? 'ffprobe' : c.arg))).toEqual([
      '-encoders',
      'ffprobe',
      '-encoders',
    ]);
    expect(media.capabilities.encoders.libx264).toBe(true);
  });

  it('says absent only when the binary is not there', async () => {
    const { run } = scripted({ '-version': ['not-found'], '-protocols': ['not-found'] });
    const media = new MediaRuntime({ ffmpegPath: '/nope/ffmpeg', ffprobePath: 'ffprobe', run, log });
    await media.start();
    expect(media.state).toBe('absent');
    expect(media.capabilities.missing[0]).toContain('ffmpeg not found (/nope/ffmpeg)');
    await expect(media.settled()).resolves.toBeUndefined();
  });

  it('a missing ffprobe beside a working ffmpeg is an answer: ready without probing', async () => {
    const { run } = scripted({ ffprobe: ['not-found'] });
    const media = new MediaRuntime({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', run, log });
    await media.start();
    expect(media.state).toBe('ready');
    expect(media.capabilities.ffprobe).toBe(false);
    expect(media.capabilities.missing).toEqual([expect.stringContaining('ffprobe not found')]);
  });

  it('stops asking once stopped', async () => {
    vi.useFakeTimers();
    const { run, calls } = scripted({ '-version': ['timed-out', 'timed-out', 'timed-out'] });
    const media = new MediaRuntime({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', run, log });
    await media.start();
    media.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(5);
  });
});

describe('mediaStateOf', () => {
  const answered = { kind: 'answered' as const, stdout: '' };
  const all = {
    version: answered,
    protocols: answered,
    encoders: answered,
    filters: answered,
    probe: answered,
  };
  it('decides from the answers alone', () => {
    expect(mediaStateOf({})).toBe('detecting');
    expect(mediaStateOf(all)).toBe('ready');
    expect(mediaStateOf({ ...all, probe: undefined })).toBe('detecting');
    expect(mediaStateOf({ version: { kind: 'not-found' } })).toBe('absent');
    expect(mediaStateOf({ ...all, probe: { kind: 'not-found' } })).toBe('ready');
  });
});

describe('runProbe', () => {
  it('tells a missing binary from a slow one', async () => {
    expect(await runProbe('/nonexistent/ffmpeg', ['-version'], 5_000)).toMatchObject({
      ok: false,
      kind: 'not-found',
    });
    const slow = await runProbe(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], 100);
    expect(slow).toMatchObject({ ok: false, kind: 'timed-out' });
    const failed = await runProbe(process.execPath, ['-e', 'process.exit(3)'], 5_000);
    expect(failed).toMatchObject({ ok: false, kind: 'failed' });
  });
});
