import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { recordings } from '../../db/schema/media';
import type { Db } from '../../plugins/db';

export type RecordingRow = typeof recordings.$inferSelect;

export interface RecordingOwnerRef {
  kind: 'source' | 'output';
  id: string;
  name: string;
  corporationId: string;
  workspaceId: string;
}

/** The only SQL of recordings in the making (issue 29; the rules are recordings.service.ts). */
export class RecordingsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The owner's open recording continued with one more part, or a new one: one statement, so two
   * processes recording the same owner at once (a takeover racing a late stop) share one recording.
   */
  async resumeOrBegin(
    owner: RecordingOwnerRef,
    recorder: string,
  ): Promise<{ id: string; part: number; startedAt: Date }> {
    const result = await this.db.execute(sql`
      INSERT INTO recordings (corporation_id, workspace_id, owner_kind, owner_id, owner_name, parts, recorder)
      VALUES (${owner.corporationId}, ${owner.workspaceId}, ${owner.kind}, ${owner.id}, ${owner.name}, 1,
        ${recorder})
      ON CONFLICT (owner_id) WHERE state IN ('recording', 'paused') DO UPDATE SET
        parts = recordings.parts + 1, state = 'recording', paused_at = NULL, recorder = EXCLUDED.recorder
      RETURNING id, parts AS part, started_at AS "startedAt"`);
    const row = result.rows[0] as { id: string; part: number; startedAt: string | Date };
    return { id: row.id, part: Number(row.part), startedAt: new Date(row.startedAt) };
  }

  /**
   * Nobody records it now: it is joined once it stays so for the resume window. Only while `part` is
   * still the last one (a session continued meanwhile, here or elsewhere, keeps recording).
   */
  async pause(id: string, part: number) {
    await this.db
      .update(recordings)
      .set({ state: 'paused', pausedAt: sql`now()` })
      .where(and(eq(recordings.id, id), eq(recordings.state, 'recording'), eq(recordings.parts, part)));
  }

  /** The owner's process is gone: its open recording is paused (the correction of a dead owner). */
  async pauseOpenOf(ownerId: string) {
    await this.db
      .update(recordings)
      .set({ state: 'paused', pausedAt: sql`now()` })
      .where(and(eq(recordings.ownerId, ownerId), eq(recordings.state, 'recording')));
  }

  /** A process is gone (crashed, evicted): what it was recording pauses; all of them when `holder` is unset. */
  async pauseRecordedBy(holder?: string) {
    await this.db
      .update(recordings)
      .set({ state: 'paused', pausedAt: sql`now()` })
      .where(and(eq(recordings.state, 'recording'), holder ? eq(recordings.recorder, holder) : undefined));
  }

  /**
   * When the next recording is due to be joined: paused for `resumeMs`, or being joined by a process
   * whose heartbeat on it is older than `staleMs` (it died while joining).
   */
  async nextDue(resumeMs: number, staleMs: number): Promise<Date | undefined> {
    const result = await this.db.execute(sql`SELECT least(
        (SELECT min(paused_at) + ${`${resumeMs} milliseconds`}::interval FROM recordings WHERE state = 'paused'),
        (SELECT min(finishing_at) + ${`${staleMs} milliseconds`}::interval FROM recordings
          WHERE state = 'finishing')) AS next`);
    const next = (result.rows[0] as { next: string | Date | null } | undefined)?.next;
    return next ? new Date(next) : undefined;
  }

  /** Claims one recording due to be joined, for `me`; undefined when none is. */
  async claimDue(me: string, resumeMs: number, staleMs: number): Promise<RecordingRow | undefined> {
    const result = await this.db.execute(sql`
      UPDATE recordings SET state = 'finishing', finishing_by = ${me}, finishing_at = now()
      WHERE id = (
        SELECT id FROM recordings
        WHERE (state = 'paused' AND paused_at <= now() - ${`${resumeMs} milliseconds`}::interval)
           OR (state = 'finishing' AND finishing_at <= now() - ${`${staleMs} milliseconds`}::interval)
        ORDER BY paused_at NULLS LAST LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`);
    const id = (result.rows[0] as { id: string } | undefined)?.id;
    return id ? this.byId(id) : undefined;
  }

  /** The joiner is still at it (a long recording takes a while to copy). */
  async stillFinishing(id: string, me: string) {
    await this.db
      .update(recordings)
      .set({ finishingAt: sql`now()` })
      .where(and(eq(recordings.id, id), eq(recordings.finishingBy, me)));
  }

  async finished(id: string, values: { mediaId: string | null; error: string | null }) {
    await this.db
      .update(recordings)
      .set({ state: values.mediaId ? 'done' : 'failed', ...values })
      .where(eq(recordings.id, id));
  }

  async byId(id: string) {
    const [row] = await this.db.select().from(recordings).where(eq(recordings.id, id));
    return row;
  }

  async openOf(ownerId: string) {
    const [row] = await this.db
      .select()
      .from(recordings)
      .where(and(eq(recordings.ownerId, ownerId), inArray(recordings.state, ['recording', 'paused'])));
    return row;
  }

  /** Finished rows are kept a day (what became of a recording), then go. */
  async sweepOld() {
    await this.db
      .delete(recordings)
      .where(
        and(
          inArray(recordings.state, ['done', 'failed']),
          lt(recordings.startedAt, sql`now() - interval '1 day'`),
        ),
      );
  }
}
