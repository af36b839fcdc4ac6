/**
 * A source's live session as this process sees it (issue 29): one pure transition function, in the
 * style of `lease-state.ts`. The runner (`source-sessions.ts`) feeds it events one at a time per source
 * and carries out the effects it returns; nothing else writes a source's live state.
 *
 * Phases (what this process does for the source):
 *
 *   idle      nothing here
 *   claiming  the lease is being taken (an encoder published here, the source wants a publisher process
 *             here, or its last owner is gone and its state is to be corrected)
 *   owner     the lease is held and this process runs the source's publisher (demo, re-live, SRT
 *             listener), whose stream has not reached the ingest yet
 *   live      the lease is held and the stream is published on this process's ingest: the source is
 *             live, its targets push and its recording records from here
 *
 *   idle --published | wantPublisher | orphaned--> claiming                          [claim]
 *   claiming --claimed, publishing--> live          [rec, goLive (continuing an orphan's session), targets]
 *   claiming --claimed, wants publisher--> owner    [correct an orphan offline, startPublisher]
 *   claiming --claimed, nothing to do--> idle       [correct an orphan offline, release]
 *   claiming --refused--> idle                      [kick the encoder: the stream is live elsewhere]
 *   owner --published--> live                       [recording, goLive, targets]
 *   live --unpublished--> owner | idle              [stop targets and recording, goOffline, release]
 *   owner | live --lost--> idle                     [abandon: kick, stop everything, write nothing]
 *   any --refuse (key rotated, deleted, maintenance, blocked)--> …   [kick, stop the publisher]
 *   live | owner --stopping--> idle                 [hand over: the next owner continues the session]
 */

export type SessionPhase = 'idle' | 'claiming' | 'owner' | 'live';

export interface SessionState {
  phase: SessionPhase;
  /** The source's stream is published on this process's ingest. */
  publishing: boolean;
  /** This process runs the source's publisher process. */
  publisher: boolean;
  /** The source wants a publisher process and this process may run it (type, schedule, region). */
  wantsPublisher: boolean;
  /** Recording is on for the source. */
  recording: boolean;
  /** The lease row had no live holder: the previous owner's state is to be continued or corrected. */
  orphan: boolean;
}

export type SessionEvent =
  | { type: 'published' }
  | { type: 'unpublished' }
  | { type: 'claimed' }
  | { type: 'refused' }
  | { type: 'lost' }
  | { type: 'orphaned' }
  | { type: 'settings'; wantsPublisher: boolean; recording: boolean }
  | { type: 'refuse' }
  | { type: 'stopping' };

export type SessionEffect =
  | 'claim'
  | 'release'
  | 'handOver'
  | 'kick'
  | 'startPublisher'
  | 'stopPublisher'
  | 'goLive'
  | 'goOffline'
  | 'correctOffline'
  | 'startTargets'
  | 'stopTargets'
  | 'startRecording'
  | 'stopRecording'
  | 'cutRecording'
  | 'pauseRecording';

export interface Transition {
  state: SessionState;
  effects: SessionEffect[];
}

export const IDLE: SessionState = {
  phase: 'idle',
  publishing: false,
  publisher: false,
  wantsPublisher: false,
  recording: false,
  orphan: false,
};

const stay = (state: SessionState): Transition => ({ state, effects: [] });

/**
 * What going live here starts: the recording first (it reads the ingest's cache of the current GOP, so
 * the sooner it attaches the more of the stream's beginning it keeps), then the state, then the pushes.
 */
function liveEffects(s: SessionState): SessionEffect[] {
  return [...(s.recording ? (['startRecording'] as const) : []), 'goLive', 'startTargets'];
}

/** What a live session stops when it ends here (its state written offline). */
function endEffects(s: SessionState): SessionEffect[] {
  return ['stopTargets', ...(s.recording ? (['stopRecording'] as const) : []), 'goOffline'];
}

/** Everything this process runs for the source stops without a write (the lease is not ours now). */
function abandonEffects(s: SessionState): SessionEffect[] {
  const effects: SessionEffect[] = [];
  if (s.publishing) effects.push('kick');
  if (s.publisher) effects.push('stopPublisher');
  if (s.phase === 'live') {
    effects.push('stopTargets');
    if (s.recording) effects.push('pauseRecording');
  }
  return effects;
}

function onClaimed(s: SessionState): Transition {
  if (s.phase !== 'claiming') return s.phase === 'idle' ? { state: s, effects: ['release'] } : stay(s);
  const base = { ...s, orphan: false };
  if (s.publishing) return { state: { ...base, phase: 'live' }, effects: liveEffects(s) };
  const correct: SessionEffect[] = s.orphan ? ['correctOffline'] : [];
  if (s.wantsPublisher)
    return { state: { ...base, phase: 'owner', publisher: true }, effects: [...correct, 'startPublisher'] };
  return { state: { ...base, phase: 'idle' }, effects: [...correct, 'release'] };
}

function onSettings(s: SessionState, wantsPublisher: boolean, recording: boolean): Transition {
  const next = { ...s, wantsPublisher, recording };
  const effects: SessionEffect[] = [];
  // Switched off while live: cut now (the stream goes on); switched on: record from now.
  if (s.phase === 'live' && recording !== s.recording)
    effects.push(recording ? 'startRecording' : 'cutRecording');
  if (wantsPublisher && !s.publisher && (s.phase === 'owner' || s.phase === 'live')) {
    effects.push('startPublisher');
    next.publisher = true;
  }
  if (!wantsPublisher && s.publisher) {
    effects.push('stopPublisher');
    next.publisher = false;
    // Not live: nothing else runs here for the source; live: its stream ends with the publisher.
    if (s.phase === 'owner') {
      next.phase = 'idle';
      effects.push('release');
    }
  }
  if (wantsPublisher && s.phase === 'idle') {
    next.phase = 'claiming';
    effects.push('claim');
  }
  return { state: next, effects };
}

export function transition(s: SessionState, e: SessionEvent): Transition {
  switch (e.type) {
    case 'published': {
      const next = { ...s, publishing: true };
      if (s.phase === 'idle') return { state: { ...next, phase: 'claiming' }, effects: ['claim'] };
      if (s.phase === 'owner') return { state: { ...next, phase: 'live' }, effects: liveEffects(s) };
      return stay(next);
    }
    case 'unpublished': {
      const next = { ...s, publishing: false };
      if (s.phase !== 'live') return stay(next);
      if (s.publisher) return { state: { ...next, phase: 'owner' }, effects: endEffects(s) };
      return { state: { ...next, phase: 'idle' }, effects: [...endEffects(s), 'release'] };
    }
    case 'claimed':
      return onClaimed(s);
    case 'refused':
      if (s.phase !== 'claiming') return stay(s);
      // One owner per stream: an encoder here while another process holds the source is disconnected.
      return { state: { ...s, phase: 'idle', orphan: false }, effects: s.publishing ? ['kick'] : [] };
    case 'lost':
      if (s.phase === 'idle') return stay(s);
      return {
        state: { ...s, phase: 'idle', publisher: false, orphan: false },
        effects: abandonEffects(s),
      };
    case 'orphaned':
      // Already claiming (for a publish or a publisher): the grant must also settle the old state.
      if (s.phase === 'claiming') return stay({ ...s, orphan: true });
      if (s.phase !== 'idle') return stay(s);
      return { state: { ...s, phase: 'claiming', orphan: true }, effects: ['claim'] };
    case 'settings':
      return onSettings(s, e.wantsPublisher, e.recording);
    case 'refuse': {
      // The key is no longer valid here (rotated, deleted, maintenance, blocked): the encoder goes, and
      // the session ends through `unpublished` as any end does.
      const effects: SessionEffect[] = s.publishing ? ['kick'] : [];
      if (s.publisher) effects.push('stopPublisher');
      const next = { ...s, publisher: false, wantsPublisher: false };
      if (s.phase === 'owner') return { state: { ...next, phase: 'idle' }, effects: [...effects, 'release'] };
      return { state: next, effects };
    }
    case 'stopping': {
      if (s.phase === 'idle') return stay(s);
      if (s.phase === 'claiming') return { state: { ...IDLE }, effects: s.publishing ? ['kick'] : [] };
      // Handed over, not ended: the encoder reconnects to another process, which takes the orphaned lease
      // and continues the same session and recording; a publisher (an SRT listener waiting for its caller,
      // a demo) is started by whoever takes the orphan.
      return { state: { ...IDLE }, effects: [...abandonEffects(s), 'handOver'] };
    }
  }
}
