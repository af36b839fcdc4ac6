import type { JobListQuery } from '@stromwerk/contracts/jobs';
import { and, asc, count, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema/jobs';
import type { Db } from '../../plugins/db';

export type JobRow = typeof jobs.$inferSelect;
const NO_WORKSPACE = '00000000-0000-0000-0000-000000000000';

/** The only Drizzle code of the job system; claiming is one statement so two workers never share a job. */
export class JobsRepository {
  constructor(private readonly db: Db) {}

  async byId(id: string) {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  }

  async insert(values: typeof jobs.$inferInsert) {
    const [row] = await this.db.insert(jobs).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<typeof jobs.$inferInsert>) {
    const [row] = await this.db.update(jobs).set(values).where(eq(jobs.id, id)).returning();
    return row;
  }

  /** Changes a row only while it is still in `state`: a cancel racing the worker is decided by the database. */
  async updateIf(id: string, state: string | string[], values: Partial<typeof jobs.$inferInsert>) {
    const states = Array.isArray(state) ? state : [state];
    const [row] = await this.db
      .update(jobs)
      .set(values)
      .where(and(eq(jobs.id, id), inArray(jobs.state, states)))
      .returning();
    return row;
  }

  async delete(id: string) {
    await this.db.delete(jobs).where(eq(jobs.id, id));
  }

  /** The next queued job (highest priority, then oldest), taken by `worker` in one statement. */
  async claim(worker: string): Promise<JobRow | undefined> {
    const rows = await this.db.execute(sql`
      UPDATE jobs SET state = 'running', locked_by = ${worker}, heartbeat_at = now(),
        started_at = now(), attempts = attempts + 1, progress = 0, eta_seconds = NULL, updated_at = now()
      WHERE id = (
        SELECT id FROM jobs WHERE state = 'queued'
        ORDER BY priority DESC, created_at ASC
        FOR UPDATE SKIP LOCKED LIMIT 1
      )
      RETURNING id`);
    const id = (rows as unknown as { rows: { id: string }[] }).rows[0]?.id;
    return id ? this.byId(id) : undefined;
  }

  /** How many jobs wait for a worker (health: jobs wait visibly when no media process runs). */
  async queuedCount(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(jobs).where(eq(jobs.state, 'queued'));
    return row?.n ?? 0;
  }

  async heartbeat(ids: string[]) {
    if (ids.length === 0) return;
    await this.db.update(jobs).set({ heartbeatAt: new Date() }).where(inArray(jobs.id, ids));
  }

  /**
   * Running jobs whose worker is gone: every running job on start-up of the only process (embedded
   * database), else those whose heartbeat is older than `staleMs`.
   */
  async orphans(staleMs: number | 'all') {
    const running = eq(jobs.state, 'running');
    const where =
      staleMs === 'all'
        ? running
        : and(
            running,
            or(lt(jobs.heartbeatAt, new Date(Date.now() - staleMs)), sql`${jobs.heartbeatAt} IS NULL`),
          );
    return this.db.select().from(jobs).where(where);
  }

  async forMedia(mediaId: string, states: string[]) {
    return this.db
      .select()
      .from(jobs)
      .where(
        and(or(eq(jobs.mediaId, mediaId), eq(jobs.resultMediaId, mediaId)), inArray(jobs.state, states)),
      );
  }

  async list(q: JobListQuery & { corporationId?: string }, workspaceIds: string[] | undefined) {
    const filters: SQL[] = [];
    if (workspaceIds)
      filters.push(inArray(jobs.workspaceId, workspaceIds.length ? workspaceIds : [NO_WORKSPACE]));
    if (q.workspaceId) filters.push(eq(jobs.workspaceId, q.workspaceId));
    if (q.corporationId) filters.push(eq(jobs.corporationId, q.corporationId));
    if (q.mediaId) filters.push(eq(jobs.mediaId, q.mediaId));
    if (q.type) filters.push(eq(jobs.type, q.type));
    if (q.state) filters.push(eq(jobs.state, q.state));
    const where = filters.length ? and(...filters) : undefined;
    const [{ total }] = (await this.db.select({ total: count() }).from(jobs).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.createdAt), asc(jobs.id))
      .limit(q.limit)
      .offset(q.offset);
    return { rows, total };
  }
}
