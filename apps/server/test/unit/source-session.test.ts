// The source session machine (issue 29), tested exhaustively: every reachable state against every event,
// checked against the rules the live plane depends on, plus the main paths spelled out.
import { describe, expect, it } from 'vitest';
import {
  IDLE,
  type SessionEffect,
  type SessionEvent,
  type SessionState,
  transition,
} from '../../src/modules/live/source-session';

const EVENTS: SessionEvent[] = [
  { type: 'published' },
  { type: 'unpublished' },
  { type: 'claimed' },
  { type: 'refused' },
  { type: 'lost' },
  { type: 'orphaned' },
  { type: 'refuse' },
  { type: 'stopping' },
  ...[false, true].flatMap((wantsPublisher) =>
    [false, true].map((recording) => ({ type: 'settings' as const, wantsPublisher, recording })),
  ),
];

/** Every state reachable from idle (with any settings), breadth first. */
function reachable(): SessionState[] {
  const key = (s: SessionState) => JSON.stringify(s);
  const seen = new Map<string, SessionState>([[key(IDLE), IDLE]]);
  const queue = [IDLE];
  while (queue.length > 0) {
    const s = queue.shift()!;
    for (const e of EVENTS) {
      const next = transition(s, e).state;
      if (!seen.has(key(next))) {
        seen.set(key(next), next);
        queue.push(next);
      }
    }
  }
  return [...seen.values()];
}

const STATES = reachable();
const holdsLease = (s: SessionState) => s.phase === 'owner' || s.phase === 'live';
const WRITES: SessionEffect[] = ['goLive', 'goOffline', 'correctOffline'];

describe('source session machine: every state x every event', () => {
  it('reaches a bounded set of states, each phase among them', () => {
    expect(new Set(STATES.map((s) => s.phase))).toEqual(new Set(['idle', 'claiming', 'owner', 'live']));
    expect(STATES.length).toBeLessThan(200);
  });

  for (const s of STATES)
    for (const e of EVENTS) {
      const { state: n, effects } = transition(s, e);
      const label = `${JSON.stringify(s)} + ${JSON.stringify(e)} -> ${n.phase} [${effects.join(', ')}]`;
      it(label, () => {
        // A publisher process runs only under the lease, and an owner without one has no reason to hold it.
        if (n.publisher) expect(holdsLease(n)).toBe(true);
        if (n.phase === 'owner') expect(n.publisher).toBe(true);
        // Live here means the stream is here.
        if (n.phase === 'live') expect(n.publishing).toBe(true);
        // Live state is written only under the lease: by a holder, or right after the grant.
        if (effects.some((x) => WRITES.includes(x)))
          expect(holdsLease(s) || (s.phase === 'claiming' && e.type === 'claimed')).toBe(true);
        // The lease is only entered through a grant.
        if (holdsLease(n) && !holdsLease(s)) expect(e.type).toBe('claimed');
        // A lease is never leaked: leaving owner/live gives it back, or it was already lost.
        if (holdsLease(s) && n.phase === 'idle')
          expect(e.type === 'lost' || effects.includes('release') || effects.includes('handOver')).toBe(true);
        // Every claim is followed by the claiming phase, every release by idle.
        if (effects.includes('claim')) expect(n.phase).toBe('claiming');
        if (effects.includes('release') || effects.includes('handOver')) expect(n.phase).toBe('idle');
        // Targets start exactly when going live, and stop whenever a live session ends here.
        expect(effects.includes('startTargets')).toBe(effects.includes('goLive'));
        if (s.phase === 'live' && n.phase !== 'live') expect(effects).toContain('stopTargets');
        // Recording follows the session and the setting; never started outside a live session. A session
        // that ends lets the recorder finish its last segment; a switch-off while live cuts at once.
        if (effects.includes('startRecording')) expect(n.phase === 'live' && n.recording).toBe(true);
        if (effects.includes('stopRecording')) expect(s.phase === 'live' && n.phase !== 'live').toBe(true);
        if (effects.includes('cutRecording')) expect(s.phase === 'live' && n.phase === 'live').toBe(true);
        // When going live, the recording attaches before anything else (it keeps the stream's beginning).
        if (effects.includes('startRecording') && effects.includes('goLive'))
          expect(effects.indexOf('startRecording')).toBe(0);
        // A lost lease stops everything and writes nothing.
        if (e.type === 'lost') {
          expect(effects.filter((x) => WRITES.includes(x) || x === 'release')).toEqual([]);
          expect(n.phase === 'idle' && !n.publisher).toBe(true);
        }
        // A grant that comes after the session ended here is given back.
        if (s.phase === 'idle' && e.type === 'claimed') expect(effects).toEqual(['release']);
        // Each effect at most once per step.
        expect(new Set(effects).size).toBe(effects.length);
      });
    }
});

/** Runs a list of events from idle; answers the last state and every effect in order. */
function run(events: SessionEvent[], from: SessionState = IDLE) {
  let s = from;
  const all: SessionEffect[] = [];
  for (const e of events) {
    const t = transition(s, e);
    s = t.state;
    all.push(...t.effects);
  }
  return { state: s, effects: all };
}

describe('source session machine: the paths', () => {
  const rec = { type: 'settings', wantsPublisher: false, recording: true } as const;
  it('an encoder publishes, goes live with targets and recording, and ends', () => {
    const { state, effects } = run([
      rec,
      { type: 'published' },
      { type: 'claimed' },
      { type: 'unpublished' },
    ]);
    expect(effects).toEqual([
      'claim',
      'startRecording',
      'goLive',
      'startTargets',
      'stopTargets',
      'stopRecording',
      'goOffline',
      'release',
    ]);
    expect(state.phase).toBe('idle');
  });

  it('an encoder whose source is held elsewhere is disconnected', () => {
    expect(run([{ type: 'published' }, { type: 'refused' }]).effects).toEqual(['claim', 'kick']);
  });

  it('after the owner died, the reconnected encoder continues the session here', () => {
    const { state, effects } = run([rec, { type: 'orphaned' }, { type: 'published' }, { type: 'claimed' }]);
    expect(effects).toEqual(['claim', 'startRecording', 'goLive', 'startTargets']);
    expect(state).toMatchObject({ phase: 'live', orphan: false });
  });

  it('an orphan nobody streams any more is corrected offline and given back', () => {
    expect(run([{ type: 'orphaned' }, { type: 'claimed' }]).effects).toEqual([
      'claim',
      'correctOffline',
      'release',
    ]);
  });

  it('a demo source starts its publisher under the lease, goes live, and stops when switched off', () => {
    const want = { type: 'settings', wantsPublisher: true, recording: false } as const;
    const stop = { type: 'settings', wantsPublisher: false, recording: false } as const;
    const { effects, state } = run([
      want,
      { type: 'claimed' },
      { type: 'published' },
      stop,
      { type: 'unpublished' },
    ]);
    expect(effects).toEqual([
      'claim',
      'startPublisher',
      'goLive',
      'startTargets',
      'stopPublisher',
      'stopTargets',
      'goOffline',
      'release',
    ]);
    expect(state.phase).toBe('idle');
  });

  it('a rotated key disconnects the encoder, and the session ends as any end does', () => {
    const live = run([{ type: 'published' }, { type: 'claimed' }]).state;
    expect(run([{ type: 'refuse' }, { type: 'unpublished' }], live).effects).toEqual([
      'kick',
      'stopTargets',
      'goOffline',
      'release',
    ]);
  });

  it('a stopping process hands its publisher over too (an SRT listener still waiting for its caller)', () => {
    const want = { type: 'settings', wantsPublisher: true, recording: false } as const;
    const owner = run([want, { type: 'claimed' }]).state;
    expect(owner.phase).toBe('owner');
    expect(run([{ type: 'stopping' }], owner).effects).toEqual(['stopPublisher', 'handOver']);
  });

  it('a stopping process hands a live session over instead of ending it', () => {
    const live = run([rec, { type: 'published' }, { type: 'claimed' }]).state;
    expect(run([{ type: 'stopping' }], live).effects).toEqual([
      'kick',
      'stopTargets',
      'pauseRecording',
      'handOver',
    ]);
  });

  it('recording switched on and off while live', () => {
    const live = run([{ type: 'published' }, { type: 'claimed' }]).state;
    expect(run([rec, { type: 'settings', wantsPublisher: false, recording: false }], live).effects).toEqual([
      'startRecording',
      'cutRecording',
    ]);
  });
});
