// Where a player's program is written (issue 29), decided by one rule: tested on every combination of
// the facts it reads, against the promises the cluster depends on.
import { describe, expect, it } from 'vitest';
import { type ProgramFacts, programOwnership } from '../../src/modules/outputs/program-owner';

const bools = [false, true];
const ALL: ProgramFacts[] = [undefined, 's1'].flatMap((liveSourceId) =>
  bools.flatMap((liveHere) =>
    bools.flatMap((needed) => bools.map((held) => ({ liveSourceId, liveHere, needed, held }))),
  ),
);

describe('program ownership: every combination', () => {
  for (const f of ALL) {
    const action = programOwnership(f);
    it(`${JSON.stringify(f)} -> ${action}`, () => {
      // A live program is written only where its source's stream is: nothing crosses the network twice.
      if (f.liveSourceId && !f.liveHere) expect(['give-up', 'none']).toContain(action);
      // Where the stream is, the lease is taken even from a fallback writer elsewhere (which gives up).
      if (f.liveSourceId && f.liveHere) expect(action).toBe(f.held ? 'keep' : 'take');
      // A held lease is never dropped while the program may go on here.
      if (f.held && !(f.liveSourceId && !f.liveHere)) expect(action).toBe('keep');
      // Nothing to write and nothing held: nobody claims it (an offline player costs nothing).
      if (!f.liveSourceId && !f.needed && !f.held) expect(action).toBe('none');
      // A fallback or VOD program is claimed by whoever comes first.
      if (!f.liveSourceId && f.needed && !f.held) expect(action).toBe('claim');
      // Giving up is only for what is held.
      if (action === 'give-up') expect(f.held).toBe(true);
    });
  }
});
