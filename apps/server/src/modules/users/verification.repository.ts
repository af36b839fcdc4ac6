import { and, count, desc, eq, gt, lt, ne } from 'drizzle-orm';
import { emailVerifications, passwordResets } from '../../db/schema/identity';
import type { Db } from '../../plugins/db';

type Page = { limit: number; offset: number };

/** Stored one-time links (hashed tokens): email verifications and password resets. */
export class VerificationRepository {
  constructor(private readonly db: Db) {}

  async addEmailVerification(values: typeof emailVerifications.$inferInsert) {
    await this.db.insert(emailVerifications).values(values);
  }

  /** Drops a user's pending changes to another address (links that do not confirm `currentEmail`). */
  async dropEmailChanges(userId: string, currentEmail: string) {
    await this.db
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.userId, userId), ne(emailVerifications.email, currentEmail)));
  }

  /** Uses up an unexpired email verification link: deleted and returned, or undefined. */
  async takeEmailVerification(tokenHash: string) {
    const [row] = await this.db
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.tokenHash, tokenHash), gt(emailVerifications.expiry, new Date())))
      .returning();
    return row;
  }

  async clearEmailVerifications(userId: string) {
    await this.db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
  }

  async addPasswordReset(values: typeof passwordResets.$inferInsert) {
    await this.db.insert(passwordResets).values(values);
  }

  /** Uses up an unexpired password reset link: deleted and returned, or undefined. */
  async takePasswordReset(tokenHash: string) {
    const [row] = await this.db
      .delete(passwordResets)
      .where(and(eq(passwordResets.tokenHash, tokenHash), gt(passwordResets.expiry, new Date())))
      .returning();
    return row;
  }

  async clearPasswordResets(userId: string) {
    await this.db.delete(passwordResets).where(eq(passwordResets.userId, userId));
  }

  /** `userId` undefined lists everyone's (platform admin). */
  async emailVerifications(userId: string | undefined, page: Page) {
    const where = userId === undefined ? undefined : eq(emailVerifications.userId, userId);
    const [{ total }] = (await this.db.select({ total: count() }).from(emailVerifications).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(emailVerifications)
      .where(where)
      .orderBy(desc(emailVerifications.createdAt))
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total };
  }

  /** `userId` undefined lists everyone's (platform admin). */
  async passwordResets(userId: string | undefined, page: Page) {
    const where = userId === undefined ? undefined : eq(passwordResets.userId, userId);
    const [{ total }] = (await this.db.select({ total: count() }).from(passwordResets).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(passwordResets)
      .where(where)
      .orderBy(desc(passwordResets.createdAt))
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total };
  }

  /** Deletes one; `userId` limits it to that user's own. False when nothing was deleted. */
  async deleteEmailVerification(id: string, userId: string | undefined) {
    const owner = userId === undefined ? undefined : eq(emailVerifications.userId, userId);
    const gone = await this.db
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.id, id), owner))
      .returning();
    return gone.length > 0;
  }

  /** Deletes one; `userId` limits it to that user's own. False when nothing was deleted. */
  async deletePasswordReset(id: string, userId: string | undefined) {
    const owner = userId === undefined ? undefined : eq(passwordResets.userId, userId);
    const gone = await this.db
      .delete(passwordResets)
      .where(and(eq(passwordResets.id, id), owner))
      .returning();
    return gone.length > 0;
  }

  async purgeExpired(now: Date) {
    await this.db.delete(emailVerifications).where(lt(emailVerifications.expiry, now));
    await this.db.delete(passwordResets).where(lt(passwordResets.expiry, now));
  }
}
