import type { EventBus } from '../../lib/events';
import type { LiveEvents } from '../live/live-events';
import type { BoundTargets } from '../socials/social-shares.service';
import type { TargetsRepository } from './targets.repository';

/**
 * The targets bound to a social connection, as its sharing (social-shares.service.ts) acts on them. Built
 * from the targets' repository and event channels before either service, so sharing needs no
 * TargetsService and TargetsService can take the sharing's bind check in its constructor (issue 29).
 */
export class SocialBoundTargets implements BoundTargets {
  constructor(
    private readonly repo: TargetsRepository,
    private readonly events: EventBus,
    /** Changes the live plane must act on; never an engine (issue 29). */
    private readonly live: LiveEvents,
  ) {}

  boundTo(socialId: string) {
    return this.repo.bySocial(socialId);
  }

  /** Bound to a connection that may no longer be used here: the push stops and the target says why. */
  async unbindable(id: string, reason: string) {
    // The push stops where it runs (its runner writes the state offline); the reason stays on the target.
    await this.live.send({ type: 'target-removed', id });
    const row = await this.repo.update(id, { lastError: reason });
    if (row)
      this.events.changed({
        type: 'target',
        action: 'updated',
        id,
        corporationId: row.corporationId,
        workspaceId: row.workspaceId,
        data: { state: row.state, lastError: reason },
      });
  }
}
