import { describe, expect, it } from 'vitest';
import { FrameWatch, STUCK_MIN_MS } from './frozen-picture';

/** 25 frames a second from t = 0 ms, media time following the wall clock. */
function playing(watch: FrameWatch, frames: number) {
  for (let i = 0; i < frames; i++) watch.frame(i * 40, i * 0.04);
  return (frames - 1) * 40;
}

describe('FrameWatch', () => {
  it('says stuck when no frame comes while the clock runs on (a hole in the video only)', () => {
    const watch = new FrameWatch();
    const last = playing(watch, 25);
    const running = (ms: number) => ({ now: last + ms, currentTime: (last + ms) / 1000, idle: false });
    expect(watch.stuck(running(200))).toBe(false);
    expect(watch.stuck(running(STUCK_MIN_MS))).toBe(true);
    // One nudge per hole: it waits for the next frame before judging again.
    expect(watch.stuck(running(STUCK_MIN_MS + 300))).toBe(false);
  });

  it('leaves a stall of the clock itself alone (hls.js handles a buffer that ran dry)', () => {
    const watch = new FrameWatch();
    const last = playing(watch, 25);
    expect(watch.stuck({ now: last + 2000, currentTime: last / 1000 + 0.05, idle: false })).toBe(false);
  });

  it('never judges a paused, seeking or hidden player, nor across such a pause', () => {
    const watch = new FrameWatch();
    const last = playing(watch, 25);
    expect(watch.stuck({ now: last + 1000, currentTime: last / 1000 + 1, idle: true })).toBe(false);
    expect(watch.stuck({ now: last + 2000, currentTime: last / 1000 + 2, idle: false })).toBe(false);
  });

  it('gives a stream of few frames a second its own patience', () => {
    const watch = new FrameWatch();
    for (let i = 0; i < 10; i++) watch.frame(i * 1000, i);
    expect(watch.limitMs).toBe(4000);
    expect(watch.stuck({ now: 9000 + 1500, currentTime: 10.5, idle: false })).toBe(false);
    expect(watch.stuck({ now: 9000 + 4000, currentTime: 13, idle: false })).toBe(true);
  });
});
