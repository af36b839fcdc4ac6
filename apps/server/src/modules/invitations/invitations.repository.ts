import type { Invitation } from '@stromwerk/contracts/invitations';
import { and, count, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { corporations, invitations, workspaces } from '../../db/schema/tenancy';
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
    workspaces: row.workspaceGrants,
    status: row.status as Invitation['status'],
    invitedBy: row.invitedBy,
    expiry: iso(row.expiry),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * Whose invitations a list shows: those to an address (null: none, for an unverified one), those a user
 * sent, or a corporation's.
 */
export type InvitationFilter = { email: string | null } | { invitedBy: string } | { corporationId: string };

const whereOf = (f: InvitationFilter): SQL => {
  if ('email' in f) return f.email === null ? sql`false` : eq(invitations.email, f.email);
  if ('invitedBy' in f) return eq(invitations.invitedBy, f.invitedBy);
  return eq(invitations.corporationId, f.corporationId);
};

export class InvitationsRepository {
  constructor(private readonly db: Db) {}

  byId(id: string) {
    return this.find(eq(invitations.id, id));
  }

  /** A pending, unexpired invitation by the hash of its code. */
  openByCodeHash(codeHash: string) {
    return this.find(
      and(
        eq(invitations.codeHash, codeHash),
        eq(invitations.status, 'pending'),
        gt(invitations.expiry, new Date()),
      )!,
    );
  }

  /** The corporation a workspace belongs to; undefined when there is no such workspace. */
  async corporationOfWorkspace(workspaceId: string, db: Executor = this.db) {
    const [row] = await db
      .select({ corporationId: workspaces.corporationId })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    return row?.corporationId;
  }

  private async find(where: SQL) {
    const [row] = await this.db
      .select({ invitation: invitations, corporationName: corporations.name })
      .from(invitations)
      .innerJoin(corporations, eq(corporations.id, invitations.corporationId))
      .where(where);
    return row;
  }

  async list(filter: InvitationFilter, limit: number, offset: number) {
    const where = whereOf(filter);
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
