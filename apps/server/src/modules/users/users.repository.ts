import type { PageQuery } from '@stromwerk/contracts/common';
import type { Feature } from '@stromwerk/contracts/permissions';
import type { User } from '@stromwerk/contracts/users';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { medias } from '../../db/schema/media';
import { memberships } from '../../db/schema/tenancy';
import type { Executor } from '../../db/transaction';
import { iso } from '../../lib/dates';
import type { UserRow } from '../../plugins/auth';
import type { Db } from '../../plugins/db';

/**
 * Presented users by row: the identity cache hands the same row object to every request of a session
 * (rows are never changed in place; a change loads a new row), so `/v1/me` does not format two dates per
 * request (issue 12).
 */
const presented = new WeakMap<UserRow, User>();

export function toUser(row: UserRow): User {
  let user = presented.get(row);
  if (!user) {
    user = Object.freeze(presentUser(row));
    presented.set(row, user);
  }
  return user;
}

function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: row.emailVerified,
    isAdmin: row.isAdmin,
    blocked: row.blocked,
    language: row.language === 'en' || row.language === 'de' ? row.language : null,
    avatarMediaId: row.avatarMediaId,
    // The avatar file's key follows from its media id, so no join is needed to present a user.
    avatar: row.avatarMediaId
      ? { id: row.avatarMediaId, files: [{ bucketRef: `avatars/${row.avatarMediaId}` }] }
      : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async byId(id: string) {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async exists(id: string) {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return !!row;
  }

  /** True when the media is an avatar image this user uploaded (the only kind an avatar may point at). */
  async ownsAvatarImage(userId: string, mediaId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ files: medias.files })
      .from(medias)
      .where(and(eq(medias.id, mediaId), eq(medias.ownerUserId, userId), eq(medias.origin, 'avatar')));
    return row?.files[0]?.kind === 'image';
  }

  async byEmail(email: string) {
    const [row] = await this.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  async create(values: typeof users.$inferInsert, db: Executor = this.db) {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<typeof users.$inferInsert>) {
    // updatedAt keeps the SET non-empty: a PUT with an empty (all-optional) body is valid, not a crash.
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Marks the current address confirmed (leaves updatedAt as it is). */
  async setEmailVerified(id: string) {
    await this.db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
  }

  /** How many users there are at all (none: the first start). */
  async count(db: Executor = this.db) {
    const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
    return n;
  }

  /**
   * Serialises first starts (issue 19, fault 9): several processes starting at once on an empty database
   * each try to create the owner; inside the transaction this waits for the one before, which then has.
   */
  async lockFirstRun(tx: Executor) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(724311002)`);
  }

  async setFlags(id: string, flags: Feature[]) {
    return this.update(id, { flags });
  }

  /** `corporationIds` undefined lists everyone (platform admin); otherwise members of those corporations. */
  async list(query: PageQuery, corporationIds?: string[]) {
    const filters: SQL[] = [];
    if (query.search) {
      const like = `%${escapeLike(query.search)}%`;
      filters.push(or(ilike(users.name, like), ilike(users.email, like))!);
    }
    if (corporationIds) {
      if (corporationIds.length === 0) return { rows: [], total: 0 };
      const memberIds = this.db
        .selectDistinct({ id: memberships.userId })
        .from(memberships)
        .where(inArray(memberships.corporationId, corporationIds));
      filters.push(inArray(users.id, memberIds));
    }
    const where = filters.length ? and(...filters) : undefined;
    const [{ total }] = (await this.db.select({ total: count() }).from(users).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.email))
      .limit(query.limit)
      .offset(query.offset);
    return { rows, total };
  }
}
