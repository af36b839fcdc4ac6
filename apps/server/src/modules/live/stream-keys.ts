import type { SourceRow } from '../sources/sources.repository';
import { sourceState } from '../sources/sources.repository';

/** What a publish check needs of a source: nothing else is kept for the thousands that are offline. */
export type KeyedSource = Pick<
  SourceRow,
  | 'id'
  | 'streamKey'
  | 'corporationId'
  | 'workspaceId'
  | 'type'
  | 'endpoint'
  | 'maintenanceStart'
  | 'maintenanceEnd'
  | 'live'
  | 'recording'
>;

/**
 * Which stream keys may publish, answered synchronously (node-media-server asks inside an event). Loaded
 * once at start, then changed per event (a source changed, its key rotated, it was deleted, a corporation
 * blocked): every change costs O(1), whatever the size of the install (issue 29: the old registry scanned
 * every key per change, which at 6,000 sources took half a second per refresh).
 */
export class StreamKeyRegistry {
  private readonly byKey = new Map<string, KeyedSource>();
  private readonly keyOf = new Map<string, string>();
  private readonly blockedCorporations = new Set<string>();

  set(row: KeyedSource) {
    const previous = this.keyOf.get(row.id);
    if (previous !== undefined && previous !== row.streamKey) this.byKey.delete(previous);
    this.byKey.set(row.streamKey, row);
    this.keyOf.set(row.id, row.streamKey);
  }

  removeSource(sourceId: string) {
    const key = this.keyOf.get(sourceId);
    if (key !== undefined) this.byKey.delete(key);
    this.keyOf.delete(sourceId);
  }

  setCorporationBlocked(corporationId: string, blocked: boolean) {
    if (blocked) this.blockedCorporations.add(corporationId);
    else this.blockedCorporations.delete(corporationId);
  }

  source(key: string) {
    return this.byKey.get(key);
  }

  /** The key a source publishes with now. */
  keyOfSource(sourceId: string) {
    return this.keyOf.get(sourceId);
  }

  get size() {
    return this.byKey.size;
  }

  /** Unknown or rotated keys, blocked corporations and sources in their maintenance window are refused. */
  mayPublish(key: string, now = new Date()): boolean {
    const row = this.byKey.get(key);
    if (!row) return false;
    if (this.blockedCorporations.has(row.corporationId)) return false;
    return sourceState(row as SourceRow, now) !== 'maintenance';
  }
}
