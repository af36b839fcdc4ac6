/**
 * Which server process writes a player's program (issues 19 and 29). The writer of an output runs only in
 * the process holding the output's lease (kind `output`, held as an advisory lock on the process's lock
 * session, lease-keeper.ts). Its playlist and segments go to SHARED_DIR, so every process serves the same
 * files; a successor appends to the same playlist.
 *
 * Placement, as one rule (`programOwnership`): a live input is written where its source's stream is (the
 * process whose session of that source is live reads it from its own ingest; nothing crosses the network
 * twice). That process waits for the lease while a fallback writer elsewhere stops and gives it up (that
 * writer hears the same "source live" event and gives up at once). Any other input (fallback, VOD) is
 * written by whichever process claims the lease first; when that process dies, the lease is an orphan and
 * another media process takes it over and continues the same playlist.
 */
import type { LeaseKeeper } from '../live/lease-keeper';

/** How long the source's process waits for a fallback writer elsewhere to hand the lease over. */
const HANDOVER_WAIT_MS = 8_000;

export interface ProgramFacts {
  /** The source the program shows when it is live (main or backup), if it is. */
  liveSourceId: string | undefined;
  /** That source's session is live on this process. */
  liveHere: boolean;
  /** There is something to write, record, or a state to correct. */
  needed: boolean;
  /** This process holds the output's lease. */
  held: boolean;
}

export type OwnershipAction = 'take' | 'claim' | 'keep' | 'give-up' | 'none';

/** The placement rule of a player's writer, decided from the facts alone (unit-tested exhaustively). */
export function programOwnership(f: ProgramFacts): OwnershipAction {
  if (f.liveSourceId) {
    if (!f.liveHere) return f.held ? 'give-up' : 'none';
    return f.held ? 'keep' : 'take';
  }
  if (f.held) return 'keep';
  return f.needed ? 'claim' : 'none';
}

export interface ProgramOwnerHooks {
  /** Whether this process runs anything for the output (its writer or its recording). */
  runs(outputId: string): boolean;
  /** Decide the output again: this process lost its lease, or an orphaned one may be taken over. */
  reconsider(outputId: string): Promise<void>;
  /** Whether the source's session is live on this process. */
  liveHere(sourceId: string): boolean;
}

export class ProgramOwner {
  constructor(
    private readonly keeper: LeaseKeeper,
    private readonly hooks: ProgramOwnerHooks,
  ) {}

  /** From now on this process decides outputs whose lease it lost or that lost their holder. */
  listen() {
    this.keeper.handle('output', {
      inUse: (id) => this.hooks.runs(id),
      lost: (id) => this.hooks.reconsider(id),
      orphaned: (id) => this.hooks.reconsider(id),
    });
  }

  /** Whether this process writes the output now (taking its lease if the rule says so). */
  async mayWrite(outputId: string, liveSourceId: string | undefined, needed: boolean): Promise<boolean> {
    const held = !!this.keeper.fence('output', outputId);
    const liveHere = !!liveSourceId && this.hooks.liveHere(liveSourceId);
    switch (programOwnership({ liveSourceId, liveHere, needed, held })) {
      case 'keep':
        return true;
      case 'claim':
        return !!(await this.keeper.claim('output', outputId));
      case 'take':
        return !!(await this.keeper.want(
          'output',
          outputId,
          HANDOVER_WAIT_MS,
          () => !liveSourceId || !this.hooks.liveHere(liveSourceId),
        ));
      case 'give-up':
      case 'none':
        return false;
    }
  }

  /** The fence of the output's state writes (its `input`), while this process holds the lease. */
  fence(outputId: string) {
    return this.keeper.fence('output', outputId);
  }

  /** After this process stopped the output's writer, or when nothing runs for it: free the lease. */
  async giveUpUnlessRunning(outputId: string) {
    if (!this.hooks.runs(outputId) && this.keeper.fence('output', outputId))
      await this.keeper.release('output', outputId);
  }

  /** A stopping process: the player's writer is continued by a successor (the lease becomes an orphan). */
  async handOverAll() {
    for (const { kind, id } of this.keeper.heldLeases())
      if (kind === 'output') await this.keeper.handOver('output', id);
  }
}
