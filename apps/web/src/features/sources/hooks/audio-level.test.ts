import { describe, expect, it } from 'vitest';
import { LEVEL_FLOOR_DB, levelPercent, loudestLevelPercent } from './audio-level';

const constant = (value: number, length = 1024) => new Float32Array(length).fill(value);
/** A sine of `amplitude` (RMS = amplitude / √2). */
const sine = (amplitude: number, length = 1024) =>
  Float32Array.from({ length }, (_, i) => amplitude * Math.sin((2 * Math.PI * i) / 64));

describe('levelPercent', () => {
  it('reads silence and an empty block as 0', () => {
    expect(levelPercent(constant(0))).toBe(0);
    expect(levelPercent([])).toBe(0);
  });

  it('reads full scale as 100 and never more', () => {
    expect(levelPercent(constant(1))).toBe(100);
    expect(levelPercent(constant(-1))).toBe(100);
    expect(levelPercent(constant(4))).toBe(100);
  });

  it('maps dBFS linearly from the floor (0) to full scale (100)', () => {
    // -20 dBFS (RMS 0.1) is two thirds of the way from -60 to 0.
    expect(levelPercent(constant(0.1))).toBe(67);
    // -40 dBFS (RMS 0.01) one third.
    expect(levelPercent(constant(0.01))).toBe(33);
    // A sine's RMS is its amplitude / √2: -3 dB below its peak.
    expect(levelPercent(sine(1))).toBe(95);
  });

  it('reads what is below the floor as 0', () => {
    expect(levelPercent(constant(10 ** (LEVEL_FLOOR_DB / 20) / 2))).toBe(0);
  });
});

describe('loudestLevelPercent', () => {
  it('shows a 20 ms beep in a longer quiet window at its own level', () => {
    // 48 kHz: a window of 16384 samples (341 ms) holding one 20 ms beep (960 samples) of a full-scale sine.
    const window = new Float32Array(16384);
    const beep = sine(1, 960);
    window.set(beep, 9000);
    // One block of 1024 samples at the start, as the meter read before, sees nothing of it.
    expect(levelPercent(window.subarray(0, 1024))).toBe(0);
    // The loudest block holds most of the beep: close to the sine's own 95.
    expect(loudestLevelPercent(window)).toBeGreaterThanOrEqual(90);
    expect(loudestLevelPercent(new Float32Array(16384))).toBe(0);
  });
});
