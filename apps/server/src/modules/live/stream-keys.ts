import type { SourceRow } from '../sources/sources.repository';
import { sourceState } from '../sources/sources.repository';

/**
 * Which stream keys may publish, answered synchronously (node-media-server asks inside an event). Kept
 * in step with the database by the engine: loaded at start, updated on every source and corporation change.
 */
export class StreamKeyRegistry {
  private readonly byKey = new Map<string, SourceRow>();
  private readonly blockedCorporations = new Set<string>();

  set(row: SourceRow) {
    this.removeSource(row.id);
    this.byKey.set(row.streamKey, row);
  }

  removeSource(sourceId: string) {
    for (const [key, row] of this.byKey) if (row.id === sourceId) this.byKey.delete(key);
  }

  setCorporationBlocked(corporationId: string, blocked: boolean) {
    if (blocked) this.blockedCorporations.add(corporationId);
    else this.blockedCorporations.delete(corporationId);
  }

  /** The sources of a workspace with their keys. */
  *inWorkspace(workspaceId: string) {
    for (const [key, row] of this.byKey) if (row.workspaceId === workspaceId) yield { key, row };
  }

  source(key: string) {
    return this.byKey.get(key);
  }

  /** Unknown or rotated keys, blocked corporations and sources in their maintenance window are refused. */
  mayPublish(key: string): boolean {
    const row = this.byKey.get(key);
    if (!row) return false;
    if (this.blockedCorporations.has(row.corporationId)) return false;
    return sourceState(row) !== 'maintenance';
  }
}
