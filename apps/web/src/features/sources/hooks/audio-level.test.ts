import { describe, expect, it } from 'vitest';
import { LEVEL_FLOOR_DB, levelPercent } from './audio-level';

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
