/**
 * The playhead's keys, as video editors have them: ← / → one frame of the output, with Shift one second;
 * Page Up / Page Down to the previous / next cut (a clip's start or the end); Home / End to the start and
 * the end. Pure: the slider calls it with where the playhead is and gets where it goes (null: not its key).
 */
export function playheadTarget(
  key: string,
  shift: boolean,
  { ms, totalMs, fps, cutsMs }: { ms: number; totalMs: number; fps: number; cutsMs: readonly number[] },
): number | null {
  const frameMs = 1000 / fps;
  const clamp = (n: number) => Math.min(Math.max(0, Math.round(n)), totalMs);
  const back = key === 'ArrowLeft' || key === 'ArrowDown';
  if (back || key === 'ArrowRight' || key === 'ArrowUp') {
    const sign = back ? -1 : 1;
    if (shift) return clamp(ms + sign * 1000);
    // On the frame grid (a frame time is kept rounded to the ms); from between two frames (a click on the
    // ruler) the first step goes to the next one in that direction.
    const frame = ms / frameMs;
    const onGrid = Math.abs(frame - Math.round(frame)) * frameMs <= 0.5;
    const from = onGrid ? Math.round(frame) : back ? Math.ceil(frame) : Math.floor(frame);
    return clamp((from + sign) * frameMs);
  }
  const cuts = [...new Set([0, ...cutsMs, totalMs])].sort((a, b) => a - b);
  if (key === 'PageUp') return clamp(cuts.filter((c) => c < ms).at(-1) ?? 0);
  if (key === 'PageDown') return clamp(cuts.find((c) => c > ms) ?? totalMs);
  if (key === 'Home') return 0;
  if (key === 'End') return totalMs;
  return null;
}
