import { and, asc, count, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import { sessions as sessionsTable } from '../../db/schema/identity';
import { socialConnectStates, socials } from '../../db/schema/socials';
import type { Db } from '../../plugins/db';

export type SocialRow = typeof socials.$inferSelect;
export type SocialInsert = typeof socials.$inferInsert;
export type ConnectStateRow = typeof socialConnectStates.$inferSelect;

/** The only Drizzle code of social connections. */
export class SocialsRepository {
  constructor(private readonly db: Db) {}

  async pageOf(userId: string, limit: number, offset: number) {
    const where = eq(socials.userId, userId);
    const [{ total }] = (await this.db.select({ total: count() }).from(socials).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(socials)
      .where(where)
      .orderBy(asc(socials.name), asc(socials.createdAt))
      .limit(limit)
      .offset(offset);
    return { rows, total };
  }

  async byId(id: string): Promise<SocialRow | undefined> {
    const [row] = await this.db.select().from(socials).where(eq(socials.id, id));
    return row;
  }

  async ofAccount(userId: string, network: string, externalId: string): Promise<SocialRow | undefined> {
    const [row] = await this.db
      .select()
      .from(socials)
      .where(
        and(eq(socials.userId, userId), eq(socials.network, network), eq(socials.externalId, externalId)),
      );
    return row;
  }

  async insert(values: SocialInsert): Promise<SocialRow> {
    const [row] = await this.db.insert(socials).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<SocialInsert>): Promise<SocialRow | undefined> {
    const [row] = await this.db.update(socials).set(values).where(eq(socials.id, id)).returning();
    return row;
  }

  async remove(id: string) {
    await this.db.delete(socials).where(eq(socials.id, id));
  }

  /** One connection holding a sealed secret (start-up checks the key opens it), and how many there are. */
  async sealedSample(): Promise<{ sample: Pick<SocialRow, 'id' | 'secret'> | undefined; total: number }> {
    const where = isNotNull(socials.secret);
    const [{ total }] = (await this.db.select({ total: count() }).from(socials).where(where)) as [
      { total: number },
    ];
    const [sample] = await this.db
      .select({ id: socials.id, secret: socials.secret })
      .from(socials)
      .where(where)
      .limit(1);
    return { sample, total };
  }

  async saveState(values: typeof socialConnectStates.$inferInsert) {
    // Flows nobody finished are dropped as new ones start.
    await this.db.delete(socialConnectStates).where(lte(socialConnectStates.expiresAt, new Date()));
    await this.db.insert(socialConnectStates).values(values);
  }

  /** Takes a pending flow (single use): gone after this whether it matched or not; undefined when expired. */
  async takeState(stateHash: string): Promise<ConnectStateRow | undefined> {
    const [row] = await this.db
      .delete(socialConnectStates)
      .where(eq(socialConnectStates.stateHash, stateHash))
      .returning();
    return row && row.expiresAt > new Date() ? row : undefined;
  }

  /** Whether a login session still exists and is not revoked (a flow dies with the session that began it). */
  async sessionAlive(sessionId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(sessionsTable)
      .where(
        and(
          eq(sessionsTable.id, sessionId),
          gt(sessionsTable.expiry, new Date()),
          isNull(sessionsTable.revokedAt),
        ),
      );
    return (row?.n ?? 0) > 0;
  }
}
