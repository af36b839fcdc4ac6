/**
 * Which server process writes a player's program (issue 19, fault 1). The writer of an output runs only in
 * the process holding the output's lease (kind `output`, the live leases' state machine and keeper). Its
 * playlist and segments go to SHARED_DIR, so every process serves the same files to its viewers: behind
 * round-robin a viewer gets one playlist and its own segments, whichever process answers.
 *
 * Placement: a live input is written where its source's stream is (the holder of the source's lease reads
 * it from its own ingest, nothing crosses the network twice). That process takes the output's lease even
 * from a process that was writing the fallback and waits until the old writer has noticed (its next
 * renewal) and stopped, so two writers never append to one playlist. Any other input (fallback, VOD) is
 * written by whichever process claims the lease first; when it dies, another takes the expired lease over
 * and continues the same playlist.
 */

import type { LeaseKeeper } from '../live/lease-keeper';
import { LEASE_RENEW_MS } from '../live/lease-state';

/** Two renewal rounds and the writer's stop grace: the previous writer is gone by then. */
const HANDOVER_MS = 2 * LEASE_RENEW_MS + 600;

export interface ProgramOwnerHooks {
  /** Whether this process runs anything for the output (its writer or its recording). */
  runs(outputId: string): boolean;
  /** Decide the output again: this process lost its lease, or took over a dead holder's. */
  reconsider(outputId: string): Promise<void>;
}

export class ProgramOwner {
  constructor(
    private readonly leases: LeaseKeeper,
    hooks: ProgramOwnerHooks,
  ) {
    leases.handle('output', {
      inUse: (_kind, id) => hooks.runs(id),
      lost: (_kind, id) => hooks.reconsider(id),
      takenOver: (_kind, id) => hooks.reconsider(id),
    });
  }

  /**
   * Whether this process writes the output now. `liveSourceId`: the source the program shows when it is
   * live; `needed`: whether there is anything to write or record (an offline player that already says so
   * is claimed by nobody).
   */
  async mayWrite(outputId: string, liveSourceId: string | undefined, needed: boolean): Promise<boolean> {
    const held = !!this.leases.fence('output', outputId);
    if (liveSourceId) {
      // Not where the stream is: the caller stops its writer, then gives the lease up (`giveUp`).
      if (!this.leases.fence('source', liveSourceId)) return false;
      if (await this.leases.claim('output', outputId)) return true;
      await this.leases.takeFrom('output', outputId);
      await new Promise((r) => setTimeout(r, HANDOVER_MS));
      return !!this.leases.fence('output', outputId);
    }
    if (!needed && !held) return false;
    return !!(await this.leases.claim('output', outputId));
  }

  /** After this process stopped the output's writer: free its lease at once for the source's process. */
  async giveUp(outputId: string) {
    if (this.leases.fence('output', outputId)) await this.leases.release('output', outputId);
  }
}
