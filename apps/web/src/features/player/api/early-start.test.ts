import { afterEach, describe, expect, it, vi } from 'vitest';

/** The picture's promise as early-playback.ts would give it, settled by the test. */
let showPicture = () => {};
let picture = Promise.resolve();
vi.mock('../hooks/hls-loader', () => ({ preloadHls: vi.fn() }));
vi.mock('./early-whep', () => ({ playsWebRtc: () => false, startEarlyWhep: vi.fn(), whepUrl: vi.fn() }));
vi.mock('../hooks/early-playback', () => ({
  startEarlyPlayback: vi.fn(),
  earlyPictureShown: () => picture,
}));
const { pictureFirst, startEarly, takeEarlySession } = await import('./early-start');

/** Whether the promise has settled once pending callbacks (and `advanceMs` of fake time) have run. */
async function settledAfter(promise: Promise<void>, advanceMs = 0) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(advanceMs);
  return done;
}
const answer = (status: number) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ token: 't', hlsUrl: '/x.m3u8' }), { status })),
  );

afterEach(() => {
  takeEarlySession('p', undefined);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('pictureFirst: when a player page loads its app', () => {
  it('at once without an early start, and as soon as a refused session says no picture is coming', async () => {
    vi.useFakeTimers();
    expect(await settledAfter(pictureFirst(2000))).toBe(true);
    answer(403);
    picture = Promise.resolve();
    startEarly('p');
    expect(await settledAfter(pictureFirst(2000))).toBe(true);
  });

  it('once the early picture plays, and at the latest after the cap when it does not come', async () => {
    vi.useFakeTimers();
    answer(200);
    picture = new Promise<void>((resolve) => {
      showPicture = resolve;
    });
    startEarly('p');
    const waiting = pictureFirst(2000);
    expect(await settledAfter(waiting, 100)).toBe(false);
    showPicture();
    expect(await settledAfter(waiting)).toBe(true);

    takeEarlySession('p', undefined);
    picture = new Promise<void>(() => {});
    startEarly('p');
    const capped = pictureFirst(2000);
    expect(await settledAfter(capped, 1900)).toBe(false);
    expect(await settledAfter(capped, 100)).toBe(true);
  });
});
