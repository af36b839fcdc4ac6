/**
 * The runner of the source session machines of this process (issue 29): one state per source that has
 * anything here, one queue per source, so events of one source are handled one at a time in the order
 * they came, and the effects of a step run before the next event. It is the only code that acts on a
 * source's live state; the effects themselves are `SessionEffects` (source-effects.ts).
 *
 * A claim runs beside the queue (it may wait for the lease up to CLAIM_WAIT_MS while a previous owner
 * hands it over) and comes back as a `claimed` or `refused` event, so an encoder that leaves meanwhile is
 * seen at once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { IDLE, type SessionEffect, type SessionEvent, type SessionState, transition } from './source-session';

export type SessionEffects = Record<Exclude<SessionEffect, 'claim'>, (sourceId: string) => Promise<void>> & {
  /** Takes the source's lease; `purpose` says why (a publish waits a little for a handover). */
  claim(sourceId: string, state: SessionState, stillWanted: () => boolean): Promise<boolean>;
};

export class SourceSessions {
  private readonly states = new Map<string, SessionState>();
  private readonly queues = new Map<string, Promise<void>>();
  /** Steps taken, for tests and the chaos figures: [sourceId, event, effects]. */
  readonly journal: { id: string; event: SessionEvent['type']; effects: SessionEffect[] }[] = [];

  constructor(
    private readonly effects: SessionEffects,
    private readonly log: FastifyBaseLogger,
  ) {}

  state(sourceId: string): SessionState {
    return this.states.get(sourceId) ?? IDLE;
  }

  /** Sources with anything here (not idle). */
  active(): string[] {
    return [...this.states.entries()].filter(([, s]) => s.phase !== 'idle').map(([id]) => id);
  }

  /** Queues an event for a source; resolves when it and its effects are done. */
  send(sourceId: string, event: SessionEvent): Promise<void> {
    const next = (this.queues.get(sourceId) ?? Promise.resolve())
      .then(() => this.step(sourceId, event))
      .catch((err) => this.log.error({ err, sourceId, event }, 'a live session step failed'));
    this.queues.set(sourceId, next);
    void next.then(() => {
      if (this.queues.get(sourceId) === next) this.queues.delete(sourceId);
    });
    return next;
  }

  /** Waits for every queued step (shutdown, tests). */
  async settle() {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  private async step(sourceId: string, event: SessionEvent) {
    const before = this.state(sourceId);
    const { state, effects } = transition(before, event);
    // An idle state with nothing to remember is dropped: memory follows what happens, not the install.
    if (state.phase === 'idle' && !state.publishing && !state.wantsPublisher && !state.recording)
      this.states.delete(sourceId);
    else this.states.set(sourceId, state);
    if (effects.length > 0 || event.type !== 'settings') {
      this.journal.push({ id: sourceId, event: event.type, effects });
      if (this.journal.length > 500) this.journal.splice(0, 100);
    }
    for (const effect of effects) {
      if (effect === 'claim') {
        this.startClaim(sourceId, state);
        continue;
      }
      try {
        await this.effects[effect](sourceId);
      } catch (err) {
        this.log.error({ err, sourceId, effect }, 'a live session effect failed');
      }
    }
  }

  private startClaim(sourceId: string, state: SessionState) {
    const stillWanted = () => {
      const s = this.state(sourceId);
      return s.phase === 'claiming' && (s.publishing || s.wantsPublisher || s.orphan);
    };
    void this.effects
      .claim(sourceId, state, stillWanted)
      .catch((err) => {
        this.log.warn({ err, sourceId }, 'claiming a source lease failed');
        return false;
      })
      .then((ok) => this.send(sourceId, { type: ok ? 'claimed' : 'refused' }));
  }
}
