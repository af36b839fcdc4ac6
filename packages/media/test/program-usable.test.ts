import { describe, expect, it } from 'vitest';
import { type InputReading, LIVE_GRACE_MS, type ProgramInputName, usableInputs } from '../src/program-usable';

const NOW = 100_000;
const STATES = [undefined, 'starting', 'alive', 'deadRecently', 'deadLong'] as const;
type Case = (typeof STATES)[number];
const reading = (c: Case): InputReading | undefined => {
  if (c === undefined) return undefined;
  if (c === 'deadRecently') return { state: 'dead', lastDataAt: NOW - 1000 };
  if (c === 'deadLong') return { state: 'dead', lastDataAt: NOW - LIVE_GRACE_MS - 1 };
  return { state: c, lastDataAt: NOW };
};

describe('usableInputs: which program inputs may be chosen (issue 30 item 7)', () => {
  // Every combination of the three inputs' readings and the input on the air, against the rule written
  // out plainly.
  const ON_AIR = [undefined, 'main', 'backup', 'fallback'] as const;
  const cases = STATES.flatMap((main) =>
    STATES.flatMap((backup) =>
      STATES.flatMap((fallback) => ON_AIR.map((onAir) => ({ main, backup, fallback, onAir }))),
    ),
  );
  it.each(cases)('main %o', ({ onAir, ...c }) => {
    const readings = Object.fromEntries(
      (Object.entries(c) as [ProgramInputName, Case][]).flatMap(([n, v]) => (v ? [[n, reading(v)]] : [])),
    );
    const got = usableInputs(readings, NOW, onAir);
    const isAlive = (v: Case) => v === 'starting' || v === 'alive';
    const anyAlive = isAlive(c.main) || isAlive(c.backup) || isAlive(c.fallback);
    const delivering = c.main === 'alive' || c.backup === 'alive';
    // A dead input that still counts: any when nothing lives, a live one in its grace when none delivers.
    const counts = (name: ProgramInputName) => {
      const v = c[name];
      if (v === undefined || isAlive(v)) return false;
      return !anyAlive || (name !== 'fallback' && v === 'deadRecently' && !delivering);
    };
    const expected = (name: ProgramInputName) => {
      if (isAlive(c[name])) return true;
      // The one on the air keeps it rather than another silent input (whose last GOP is the past).
      if (onAir && counts(onAir)) return name === onAir;
      return counts(name);
    };
    expect(got).toEqual({
      main: expected('main'),
      backup: expected('backup'),
      fallback: expected('fallback'),
    });
  });

  it('keeps the stalled backup on the air rather than going back to main, killed a moment before', () => {
    const both = {
      main: reading('deadRecently'),
      backup: reading('deadRecently'),
      fallback: reading('alive'),
    };
    expect(usableInputs(both, NOW, 'backup')).toEqual({ main: false, backup: true, fallback: true });
    // Every input silent (this process stalled): the one on the air stays.
    const all = { ...both, fallback: reading('deadLong') };
    expect(usableInputs(all, NOW, 'backup')).toEqual({ main: false, backup: true, fallback: false });
    expect(usableInputs(all, NOW)).toEqual({ main: true, backup: true, fallback: true });
  });

  it('keeps a stalled backup on the air instead of the fallback while main is gone, for the grace only', () => {
    const stalled = {
      main: reading('deadLong'),
      backup: reading('deadRecently'),
      fallback: reading('alive'),
    };
    expect(usableInputs(stalled, NOW)).toEqual({ main: false, backup: true, fallback: true });
    expect(usableInputs(stalled, NOW + LIVE_GRACE_MS)).toEqual({
      main: false,
      backup: false,
      fallback: true,
    });
    // Main's reader connecting again does not end the backup's grace; main delivering does.
    const restarting = { ...stalled, main: reading('starting') };
    expect(usableInputs(restarting, NOW).backup).toBe(true);
    expect(usableInputs({ ...stalled, main: reading('alive') }, NOW).backup).toBe(false);
  });
});
