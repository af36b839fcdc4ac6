import type { Invitation } from '@stromwerk/contracts/invitations';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { corporations, invitations } from '../../db/schema/tenancy';
import type { Executor } from '../../db/transaction';
import { iso } from '../../lib/dates';
import { expand } from '../../lib/permissions';
import type { Db } from '../../plugins/db';

export type InvitationRow = typeof invitations.$inferSelect;

export function toInvitation(row: InvitationRow, corporationName: string): Invitation {
  return {
    id: row.id,
    corporationId: row.corporationId,
    corporationName,
    workspaceId: row.workspaceId,
    email: row.email,
    permissions: expand(row.permissions),
    status: row.status as Invitation['status'],
    invitedBy: row.invitedBy,
    expiry: iso(row.expiry),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export class InvitationsRepository {
  constructor(private readonly db: Db) {}

  async find(where: SQL) {
    const [row] = await this.db
      .select({ invitation: invitations, corporationName: corporations.name })
      .from(invitations)
      .innerJoin(corporations, eq(corporations.id, invitations.corporationId))
      .where(where);
    return row;
  }

  async list(where: SQL, limit: number, offset: number) {
    const [{ total }] = (await this.db.select({ total: count() }).from(invitations).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select({ invitation: invitations, corporationName: corporations.name })
      .from(invitations)
      .innerJoin(corporations, eq(corporations.id, invitations.corporationId))
      .where(where)
      .orderBy(desc(invitations.createdAt))
      .limit(limit)
      .offset(offset);
    return { items: rows.map((r) => toInvitation(r.invitation, r.corporationName)), total, limit, offset };
  }

  async insert(values: typeof invitations.$inferInsert) {
    const [row] = await this.db.insert(invitations).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<typeof invitations.$inferInsert>, db: Executor = this.db) {
    const [row] = await db.update(invitations).set(values).where(eq(invitations.id, id)).returning();
    return row!;
  }

  async revokePendingFor(corporationId: string, email: string) {
    await this.db
      .update(invitations)
      .set({ status: 'revoked' })
      .where(
        and(
          eq(invitations.corporationId, corporationId),
          eq(invitations.email, email),
          eq(invitations.status, 'pending'),
        ),
      );
  }
}
