import type { Notification } from '@stromwerk/contracts/notifications';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { notifications } from '../../db/schema/notifications';
import { corporations, invitations, memberships } from '../../db/schema/tenancy';
import { iso } from '../../lib/dates';
import type { Db } from '../../plugins/db';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export function toNotification(row: NotificationRow, now = new Date()): Notification {
  return {
    id: row.id,
    userId: row.userId,
    corporationId: row.corporationId,
    workspaceId: row.workspaceId,
    kind: row.kind as Notification['kind'],
    entity: row.entity,
    entityId: row.entityId,
    data: row.data,
    ready: !row.notBefore || row.notBefore <= now,
    notBefore: row.notBefore ? iso(row.notBefore) : null,
    createdAt: iso(row.createdAt),
  };
}

export interface NotificationFilter {
  userId: string;
  corporationId?: string;
  ready?: boolean;
  limit: number;
  offset: number;
}

export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewNotification[]) {
    if (values.length === 0) return [];
    return this.db.insert(notifications).values(values).returning();
  }

  async list(f: NotificationFilter) {
    const now = new Date();
    const filters: SQL[] = [eq(notifications.userId, f.userId)];
    if (f.corporationId) filters.push(eq(notifications.corporationId, f.corporationId));
    if (f.ready === true)
      filters.push(or(isNull(notifications.notBefore), lte(notifications.notBefore, now))!);
    if (f.ready === false) filters.push(gt(notifications.notBefore, now));
    const where = and(...filters);
    const [{ total }] = (await this.db.select({ total: count() }).from(notifications).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(f.limit)
      .offset(f.offset);
    return { rows, total };
  }

  async find(id: string) {
    const [row] = await this.db.select().from(notifications).where(eq(notifications.id, id));
    return row;
  }

  async delete(id: string) {
    await this.db.delete(notifications).where(eq(notifications.id, id));
  }

  /** Claims due delayed notifications; SKIP LOCKED lets several server processes share the work. */
  async claimDue(limit: number) {
    const due = this.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(isNull(notifications.deliveredAt), lte(notifications.notBefore, new Date())))
      .orderBy(asc(notifications.notBefore))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(notifications)
      .set({ deliveredAt: new Date() })
      .where(inArray(notifications.id, due))
      .returning();
  }

  /** Retention: everything older than the cut-off goes, and each user keeps only their newest `keep`. */
  async purge(olderThan: Date, keep: number, userIds?: string[]) {
    // A delayed notification counts from its not-before time, so a far-off one survives until then.
    await this.db
      .delete(notifications)
      .where(
        and(
          lte(notifications.createdAt, olderThan),
          or(isNull(notifications.notBefore), lte(notifications.notBefore, olderThan)),
        ),
      );
    const ranked = sql`(SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY created_at DESC, id DESC) AS n FROM notifications${
      userIds?.length
        ? sql` WHERE user_id IN (${sql.join(
            userIds.map((u) => sql`${u}::uuid`),
            sql`, `,
          )})`
        : sql``
    }) ranked WHERE n > ${keep})`;
    await this.db.delete(notifications).where(sql`${notifications.id} IN ${ranked}`);
  }

  // ---- who to tell: lookups across tenancy tables stay in the repository layer ----

  /** The account that has verified this address: an unverified one may be someone else's squat. */
  async userIdByEmail(email: string) {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.emailVerified, true)));
    return row?.id;
  }

  async invitation(id: string) {
    const [row] = await this.db
      .select({ invitation: invitations, corporationName: corporations.name })
      .from(invitations)
      .innerJoin(corporations, eq(corporations.id, invitations.corporationId))
      .where(eq(invitations.id, id));
    return row;
  }

  async corporationName(id: string) {
    const [row] = await this.db
      .select({ name: corporations.name })
      .from(corporations)
      .where(eq(corporations.id, id));
    return row?.name;
  }

  /** Users who can read a workspace: corporation-level members and the workspace's own members. */
  async workspaceAudience(corporationId: string, workspaceId: string) {
    const rows = await this.db
      .selectDistinct({ userId: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.corporationId, corporationId),
          or(isNull(memberships.workspaceId), eq(memberships.workspaceId, workspaceId)),
        ),
      );
    return rows.map((r) => r.userId);
  }
}
