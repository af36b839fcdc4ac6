/** The quietest level the meter shows above zero, in dBFS; speech sits around -30 to -10. */
export const LEVEL_FLOOR_DB = -60;

/**
 * A microphone's level as the meter shows it, 0 to 100: the RMS of one block of samples (-1 to 1, an
 * AnalyserNode's time domain) in dBFS, from LEVEL_FLOOR_DB (0) to full scale (100). dB, not the raw
 * amplitude, so quiet speech moves the bar visibly while a clipping signal reads 100.
 */
export function levelPercent(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  const percent = ((db - LEVEL_FLOOR_DB) / -LEVEL_FLOOR_DB) * 100;
  return Math.round(Math.min(100, Math.max(0, percent)));
}

/** Samples per block of `loudestLevelPercent`: about 21 ms at 48 kHz, the window the meter used alone. */
export const LEVEL_BLOCK = 1024;

/**
 * The level of the loudest block of a longer window: the meter reads a window longer than the time
 * between two readings, so a short sound (a click, a plosive, a test tone's 20 ms beep) between two
 * readings is never missed, and shows at its own level rather than averaged with the silence around it.
 * One 21 ms block every 100 ms saw a fifth of the sound and could miss a periodic beep for good.
 */
export function loudestLevelPercent(samples: Float32Array, block = LEVEL_BLOCK): number {
  let loudest = 0;
  for (let start = 0; start < samples.length; start += block)
    loudest = Math.max(loudest, levelPercent(samples.subarray(start, start + block)));
  return loudest;
}
