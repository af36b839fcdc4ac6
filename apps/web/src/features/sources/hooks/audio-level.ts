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
