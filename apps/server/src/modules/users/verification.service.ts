import type { PageQuery } from '@stromwerk/contracts/common';
import { and, count, desc, eq, gt, lt } from 'drizzle-orm';
import { emailVerifications, passwordResets, users } from '../../db/schema/identity';
import { AppError, notFound } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { hashPassword } from '../../lib/passwords';
import { randomSecret, sha256 } from '../../lib/secrets';
import type { Actor } from '../../plugins/auth';
import type { Config } from '../../plugins/config';
import type { Db } from '../../plugins/db';
import type { Mailer } from '../../plugins/mailer';
import type { UsersRepository } from './users.repository';

const VERIFY_HOURS = 48;
const RESET_MINUTES = 60;
const invalidToken = () =>
  new AppError('TOKEN_INVALID', 400, 'token: This link is invalid or has expired', [
    { field: 'token', message: 'This link is invalid or has expired' },
  ]);

/** Mailed one-time links: email verification and password reset. Tokens are stored hashed and used once. */
export class VerificationService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly users: UsersRepository,
    private readonly mailer: Mailer,
  ) {}

  async startEmailVerification(actor: Actor, userId: string) {
    if (actor.user.id !== userId && !actor.user.isAdmin) throw notFound('User');
    const user = await this.users.byId(userId);
    if (!user) throw notFound('User');
    const token = randomSecret();
    await this.db.insert(emailVerifications).values({
      userId,
      email: user.email,
      tokenHash: sha256(token),
      expiry: new Date(Date.now() + VERIFY_HOURS * 3600_000),
    });
    const link = `${this.config.publicUrl}/login/verify-email?token=${token}`;
    await this.mailer.send({
      to: user.email,
      subject: 'Confirm your email address for Stromwerk',
      text: `Hello ${user.name},\n\nplease confirm your email address by opening this link within ${VERIFY_HOURS} hours:\n${link}\n`,
    });
  }

  async completeEmailVerification(token: string) {
    const [row] = await this.db
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.tokenHash, sha256(token)), gt(emailVerifications.expiry, new Date())))
      .returning();
    if (!row) throw invalidToken();
    // Only the address that was mailed counts as verified; an email changed since then stays unverified.
    await this.db
      .update(users)
      .set({ emailVerified: true })
      .where(and(eq(users.id, row.userId), eq(users.email, row.email)));
  }

  /** Answers the same whether or not the address exists, so it cannot be used to probe for accounts. */
  async startPasswordReset(email: string) {
    const user = await this.users.byEmail(email);
    if (!user || user.blocked) return;
    const token = randomSecret();
    await this.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiry: new Date(Date.now() + RESET_MINUTES * 60_000),
    });
    const link = `${this.config.publicUrl}/login/reset-password?token=${token}`;
    await this.mailer.send({
      to: user.email,
      subject: 'Reset your Stromwerk password',
      text: `Hello ${user.name},\n\nopen this link within ${RESET_MINUTES} minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this mail.\n`,
    });
  }

  async completePasswordReset(token: string, password: string) {
    const [row] = await this.db
      .delete(passwordResets)
      .where(and(eq(passwordResets.tokenHash, sha256(token)), gt(passwordResets.expiry, new Date())))
      .returning();
    if (!row) throw invalidToken();
    const user = await this.users.byId(row.userId);
    if (!user) throw invalidToken();
    await this.users.update(user.id, {
      passwordHash: await hashPassword(password),
      tokenVersion: user.tokenVersion + 1,
    });
    await this.db.delete(passwordResets).where(eq(passwordResets.userId, user.id));
  }

  async listEmailVerifications(actor: Actor, q: PageQuery) {
    const where = actor.user.isAdmin ? undefined : eq(emailVerifications.userId, actor.user.id);
    const [{ total }] = (await this.db.select({ total: count() }).from(emailVerifications).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(emailVerifications)
      .where(where)
      .orderBy(desc(emailVerifications.createdAt))
      .limit(q.limit)
      .offset(q.offset);
    const items = rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      email: r.email,
      expiry: iso(r.expiry),
      createdAt: iso(r.createdAt),
    }));
    return { items, total, limit: q.limit, offset: q.offset };
  }

  async listPasswordResets(actor: Actor, q: PageQuery) {
    const where = actor.user.isAdmin ? undefined : eq(passwordResets.userId, actor.user.id);
    const [{ total }] = (await this.db.select({ total: count() }).from(passwordResets).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(passwordResets)
      .where(where)
      .orderBy(desc(passwordResets.createdAt))
      .limit(q.limit)
      .offset(q.offset);
    const items = rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      expiry: iso(r.expiry),
      createdAt: iso(r.createdAt),
    }));
    return { items, total, limit: q.limit, offset: q.offset };
  }

  async deleteEmailVerification(actor: Actor, id: string) {
    const owner = actor.user.isAdmin ? undefined : eq(emailVerifications.userId, actor.user.id);
    const gone = await this.db
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.id, id), owner))
      .returning();
    if (gone.length === 0) throw notFound('Email verification');
  }

  async deletePasswordReset(actor: Actor, id: string) {
    const owner = actor.user.isAdmin ? undefined : eq(passwordResets.userId, actor.user.id);
    const gone = await this.db
      .delete(passwordResets)
      .where(and(eq(passwordResets.id, id), owner))
      .returning();
    if (gone.length === 0) throw notFound('Password reset');
  }

  /** Expired links are useless; removing them keeps the tables small. */
  async purgeExpired() {
    const now = new Date();
    await this.db.delete(emailVerifications).where(lt(emailVerifications.expiry, now));
    await this.db.delete(passwordResets).where(lt(passwordResets.expiry, now));
  }
}
