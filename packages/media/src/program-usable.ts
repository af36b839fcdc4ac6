/**
 * Which inputs of a program may be chosen (program-feed.ts), as a pure rule:
 * - an input is read when it has a reader; it is alive unless found dead (silent for DEAD_AFTER_MS, or its
 *   reader exited); a reader still connecting counts (the switch waits for its keyframe);
 * - when every read input is dead, all read ones count: a stall of this whole process is no reason to go
 *   offline;
 * - a live input (main or backup) found dead less than LIVE_GRACE_MS ago still counts while no live
 *   input delivers: a busy machine starves one reader for a moment, and the fallback media must not take
 *   the air from a live stream that only stalled (issue 30 item 7: a viewer got the fallback for 12 s
 *   while the backup was live). After the grace the fallback plays, and the live input is back as soon as
 *   its bytes flow again.
 */
export type ProgramInputName = 'main' | 'backup' | 'fallback';

export interface InputReading {
  state: 'starting' | 'alive' | 'dead';
  /** When its last bytes came (ms). */
  lastDataAt: number;
}

export const LIVE_GRACE_MS = 5000;

const NAMES: readonly ProgramInputName[] = ['main', 'backup', 'fallback'];

export function usableInputs(
  readings: Partial<Record<ProgramInputName, InputReading>>,
  now: number,
): Record<ProgramInputName, boolean> {
  const alive = (name: ProgramInputName) => !!readings[name] && readings[name]!.state !== 'dead';
  const anyAlive = NAMES.some(alive);
  // Delivering now: a reader still connecting (a live input's restart after its encoder left) is no reason
  // to drop another live input's grace.
  const liveDelivering = readings.main?.state === 'alive' || readings.backup?.state === 'alive';
  const inGrace = (name: ProgramInputName) =>
    name !== 'fallback' &&
    readings[name]?.state === 'dead' &&
    now - readings[name]!.lastDataAt < LIVE_GRACE_MS;
  const usable = (name: ProgramInputName) => {
    if (!readings[name]) return false;
    if (!anyAlive) return true;
    return alive(name) || (!liveDelivering && inGrace(name));
  };
  return { main: usable('main'), backup: usable('backup'), fallback: usable('fallback') };
}
