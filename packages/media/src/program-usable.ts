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
 *   its bytes flow again;
 * - in both cases, when the input on the air is one of those that still count, it alone counts: a switch
 *   from one silent input to another gains nothing and replays the other's last GOP, pictures from the
 *   past (main, killed a second before its backup's reader stalled, came back on the air for 0.7 s of
 *   its last pictures; apps/server/test/media/program-busy-failover.test.ts).
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
  onAir?: ProgramInputName,
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
  /** A dead input that counts: every read one when none lives, a live one in its grace when none delivers. */
  const counts = (name: ProgramInputName) =>
    !!readings[name] && !alive(name) && (!anyAlive || (!liveDelivering && inGrace(name)));
  const keeps = onAir !== undefined && counts(onAir);
  const usable = (name: ProgramInputName) => alive(name) || (counts(name) && (!keeps || name === onAir));
  return { main: usable('main'), backup: usable('backup'), fallback: usable('fallback') };
}
