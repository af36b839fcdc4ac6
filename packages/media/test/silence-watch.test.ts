import { describe, expect, it } from 'vitest';
import { SilenceWatch } from '../src/silence-watch';

const watch = () => new SilenceWatch({ limitMs: 500, tickMs: 100 });

describe('SilenceWatch', () => {
  it('finds an input silent for longer than the limit, on ticks that come on time', () => {
    const w = watch();
    for (let t = 0; t <= 500; t += 100) expect(w.silent(t, [['main', 0]])).toEqual([]);
    expect(
      w.silent(600, [
        ['main', 0],
        ['backup', 550],
      ]),
    ).toEqual(['main']);
  });

  it('judges no input right after a late tick (this process stalled), then judges again', () => {
    const w = watch();
    expect(w.silent(0, [['main', 0]])).toEqual([]);
    // The event loop was blocked for 0.8 s: main's bytes of that time are not read yet.
    expect(
      w.silent(900, [
        ['main', 0],
        ['backup', 0],
      ]),
    ).toEqual([]);
    expect(
      w.silent(1000, [
        ['main', 0],
        ['backup', 950],
      ]),
    ).toEqual([]);
    expect(
      w.silent(1300, [
        ['main', 0],
        ['backup', 1250],
      ]),
    ).toEqual([]);
    // The grace is over: main still sent nothing, so it is dead.
    expect(
      w.silent(1400, [
        ['main', 0],
        ['backup', 1350],
      ]),
    ).toEqual(['main']);
  });

  it('a tick a little late (scheduling jitter) is no stall', () => {
    const w = watch();
    expect(w.silent(0, [['main', 0]])).toEqual([]);
    expect(w.silent(250, [['main', 0]])).toEqual([]);
    expect(w.silent(550, [['main', 0]])).toEqual(['main']);
  });
});
