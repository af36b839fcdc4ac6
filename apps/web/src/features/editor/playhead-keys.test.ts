import { describe, expect, it } from 'vitest';
import { playheadTarget } from './playhead-keys';

const at = (ms: number, fps = 25) => ({ ms, totalMs: 7000, fps, cutsMs: [0, 3000] });

describe('playheadTarget', () => {
  it('moves one frame of the output with an arrow key', () => {
    expect(playheadTarget('ArrowRight', false, at(0))).toBe(40);
    expect(playheadTarget('ArrowLeft', false, at(400))).toBe(360);
    expect(playheadTarget('ArrowRight', false, at(0, 30))).toBe(33);
    expect(playheadTarget('ArrowRight', false, at(33, 30))).toBe(67);
    // Between frames (a click on the ruler): to the next frame in that direction.
    expect(playheadTarget('ArrowRight', false, at(1010))).toBe(1040);
    expect(playheadTarget('ArrowLeft', false, at(1010))).toBe(1000);
  });
  it('moves a whole second with Shift, within the draft', () => {
    expect(playheadTarget('ArrowRight', true, at(120))).toBe(1120);
    expect(playheadTarget('ArrowLeft', true, at(500))).toBe(0);
    expect(playheadTarget('ArrowRight', true, at(6500))).toBe(7000);
  });
  it('goes to the previous and next cut with Page Up and Page Down, to the ends with Home and End', () => {
    expect(playheadTarget('PageDown', false, at(1000))).toBe(3000);
    expect(playheadTarget('PageDown', false, at(3000))).toBe(7000);
    expect(playheadTarget('PageUp', false, at(3000))).toBe(0);
    expect(playheadTarget('PageUp', false, at(5000))).toBe(3000);
    expect(playheadTarget('Home', false, at(5000))).toBe(0);
    expect(playheadTarget('End', false, at(5000))).toBe(7000);
    expect(playheadTarget('s', false, at(5000))).toBeNull();
  });
});
