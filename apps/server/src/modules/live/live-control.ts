import type { SourceRow } from '../sources/sources.repository';

type TargetRow = typeof import('../../db/schema/streaming').targets.$inferSelect;

/** What the resource services tell the live engine after a committed change; the engine owns every process. */
export interface LiveControl {
  sourceChanged(row: SourceRow): Promise<void>;
  sourceRemoved(row: SourceRow): Promise<void>;
  targetChanged(row: TargetRow): Promise<void>;
  targetRemoved(id: string): Promise<void>;
}
