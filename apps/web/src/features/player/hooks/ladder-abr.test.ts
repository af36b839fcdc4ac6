import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PacedHls, paceDownLevel, watchPartPace } from './ladder-abr';

/** The e2e flow's ladder as hls.js lists it: 240p, 360p and the 720p source (BANDWIDTH, bit/s). */
const BITRATES = [471_000, 801_000, 2_900_000];

/** A 720p part of 0.3 s over a 1 Mbit/s line: its first byte after 70 ms, 125 kB a second after that. */
const thinLine = (elapsedMs: number) => ({
  seconds: 0.3,
  elapsedMs,
  firstByteMs: 70,
  loadedBytes: Math.round(((elapsedMs - 70) / 1000) * 125_000),
  level: 2,
  bitrates: BITRATES,
});

describe('paceDownLevel', () => {
  it('drops a part slower than real time on a thin line to the rung whose parts fit (240p on 1 Mbit/s)', () => {
    expect(paceDownLevel(thinLine(320))).toBe(0);
  });

  it('waits while the part is not yet slower than real time', () => {
    expect(paceDownLevel(thinLine(290))).toBeNull();
  });

  it('takes the highest rung that fits, not always the lowest', () => {
    // 2 Mbit/s: a 360p part takes 70 + 120 ms of 300, a 720p part does not fit.
    expect(paceDownLevel({ ...thinLine(400), loadedBytes: Math.round(0.33 * 250_000) })).toBe(1);
  });

  it('leaves a slow part alone when the line is not the cause', () => {
    // No first byte yet: the server is slow to answer (a busy machine), the line may be open.
    expect(paceDownLevel({ ...thinLine(600), firstByteMs: null, loadedBytes: 0 })).toBeNull();
    // The bytes came at 20 Mbit/s, the first one late.
    expect(paceDownLevel({ ...thinLine(600), firstByteMs: 560, loadedBytes: 100_000 })).toBeNull();
  });

  it('has nothing to drop to on the lowest rung', () => {
    expect(paceDownLevel({ ...thinLine(900), level: 0 })).toBeNull();
  });
});

describe('watchPartPace', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  /** hls.js as far as the watcher sees it, and one 720p part loading from t = 0 on a 1 Mbit/s line. */
  function setUp() {
    const listeners = new Map<string, (event: string, data: never) => void>();
    const hls = {
      levels: BITRATES.map((bitrate) => ({ bitrate })),
      autoLevelEnabled: true,
      nextLoadLevel: 2,
      bandwidthEstimate: 16_000_000,
      on: (event: string, listener: (event: string, data: never) => void) => listeners.set(event, listener),
      off: (event: string) => listeners.delete(event),
    };
    const stats = { loaded: 0, aborted: false, loading: { start: 0, first: 0, end: 0 } };
    const frag = {
      type: 'main',
      level: 2,
      bitrateTest: false,
      abortRequests: vi.fn(() => (stats.aborted = true)),
    };
    const events = {
      FRAG_LOADING: 'loading',
      FRAG_LOADED: 'loaded',
      FRAG_BUFFERED: 'buffered',
      DESTROYING: 'destroying',
    };
    const stop = watchPartPace(hls as unknown as PacedHls, events, () => Date.now());
    const emit = (event: string, data: unknown) => listeners.get(event)?.('', data as never);
    emit('buffered', {});
    emit('loading', { frag, part: { duration: 0.3, stats } });
    const progress = () => {
      const now = Date.now();
      if (now >= 70) stats.loading.first = 70;
      stats.loaded = Math.max(0, Math.round(((now - 70) / 1000) * 125_000));
    };
    return { hls, frag, stats, stop, emit, listeners, progress };
  }

  it('aborts a part that falls behind on a thin line and loads the lower rung next', () => {
    const { hls, frag, progress } = setUp();
    for (let t = 0; t < 400; t += 50) {
      vi.advanceTimersByTime(50);
      progress();
    }
    expect(frag.abortRequests).toHaveBeenCalledOnce();
    expect(hls.nextLoadLevel).toBe(0);
    expect(hls.bandwidthEstimate).toBeLessThan(1_100_000);
  });

  it('does nothing for a part that arrived in time, nor when the viewer chose a rung', () => {
    const { hls, frag, stats, emit, progress } = setUp();
    vi.advanceTimersByTime(100);
    progress();
    stats.loading.end = 100;
    emit('loaded', {});
    vi.advanceTimersByTime(1000);
    expect(frag.abortRequests).not.toHaveBeenCalled();

    emit('loading', {
      frag,
      part: {
        duration: 0.3,
        stats: { loaded: 10_000, aborted: false, loading: { start: 1100, first: 1170, end: 0 } },
      },
    });
    hls.autoLevelEnabled = false;
    vi.advanceTimersByTime(1000);
    expect(frag.abortRequests).not.toHaveBeenCalled();
    expect(hls.nextLoadLevel).toBe(2);
  });

  it('judges a part loaded in a chain (no FRAG_LOADING) when it arrived', () => {
    const { hls, frag, stop, emit } = setUp();
    stop();
    const fresh = watchPartPace(hls as unknown as PacedHls, {
      FRAG_LOADING: 'loading',
      FRAG_LOADED: 'loaded',
      FRAG_BUFFERED: 'buffered',
      DESTROYING: 'destroying',
    });
    emit('buffered', {});
    const stats = { loaded: 90_000, aborted: false, loading: { start: 0, first: 70, end: 800 } };
    emit('loaded', { frag, part: { duration: 0.3, stats } });
    vi.advanceTimersByTime(0);
    expect(frag.abortRequests).toHaveBeenCalledOnce();
    expect(hls.nextLoadLevel).toBe(0);
    fresh();
  });

  it('leaves the start to hls.js: nothing before the first part is buffered', () => {
    const listeners = new Map<string, (event: string, data: never) => void>();
    const hls = {
      levels: BITRATES.map((bitrate) => ({ bitrate })),
      autoLevelEnabled: true,
      nextLoadLevel: 2,
      bandwidthEstimate: 500_000,
      on: (event: string, listener: (event: string, data: never) => void) => listeners.set(event, listener),
      off: (event: string) => listeners.delete(event),
    };
    const events = {
      FRAG_LOADING: 'loading',
      FRAG_LOADED: 'loaded',
      FRAG_BUFFERED: 'buffered',
      DESTROYING: 'd',
    };
    watchPartPace(hls as unknown as PacedHls, events, () => Date.now());
    const frag = { type: 'main', level: 2, bitrateTest: false, abortRequests: vi.fn() };
    const stats = { loaded: 5_000, aborted: false, loading: { start: 0, first: 70, end: 0 } };
    listeners.get('loading')?.('', { frag, part: { duration: 0.3, stats } } as never);
    vi.advanceTimersByTime(2000);
    expect(frag.abortRequests).not.toHaveBeenCalled();
  });

  it('stops with hls.js', () => {
    const { emit, listeners } = setUp();
    emit('destroying', {});
    expect(listeners.size).toBe(0);
  });
});
