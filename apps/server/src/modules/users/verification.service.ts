import type { PageQuery } from '@stromwerk/contracts/common';
import { AppError, notFound } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { hashPassword } from '../../lib/passwords';
import { randomSecret, sha256 } from '../../lib/secrets';
import type { Actor, UserRow } from '../../plugins/auth';
import type { Config } from '../../plugins/config';
import type { Mailer } from '../../plugins/mailer';
import type { IdentityCache } from '../access/identity-cache';
import type { SessionsService } from '../sessions/sessions.service';
import type { UsersRepository } from './users.repository';
import type { VerificationRepository } from './verification.repository';

const VERIFY_HOURS = 48;
const RESET_MINUTES = 60;
const invalidToken = () =>
  new AppError('LINK_INVALID', 'token: This link is invalid or has expired', [
    { field: 'token', message: 'This link is invalid or has expired' },
  ]);

/** Mailed one-time links: email verification and password reset. Tokens are stored hashed and used once. */
export class VerificationService {
  constructor(
    private readonly repo: VerificationRepository,
    private readonly config: Config,
    private readonly users: UsersRepository,
    private readonly mailer: Mailer,
    private readonly sessions: SessionsService,
    private readonly identity: IdentityCache,
  ) {}

  async startEmailVerification(actor: Actor, userId: string) {
    if (actor.user.id !== userId && !actor.user.isAdmin) throw notFound('User');
    const user = await this.users.byId(userId);
    if (!user) throw notFound('User');
    const token = randomSecret();
    await this.repo.addEmailVerification({
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

  /** An email change: the new address must prove itself before it replaces the current one. */
  async startEmailChange(user: UserRow, email: string) {
    // One pending change at a time: an older link for another new address stops working.
    await this.repo.dropEmailChanges(user.id, user.email);
    const token = randomSecret();
    await this.repo.addEmailVerification({
      userId: user.id,
      email,
      tokenHash: sha256(token),
      expiry: new Date(Date.now() + VERIFY_HOURS * 3600_000),
    });
    const link = `${this.config.publicUrl}/login/verify-email?token=${token}`;
    await this.mailer.send({
      to: email,
      subject: 'Confirm your new email address for Stromwerk',
      text: `Hello ${user.name},\n\nto make ${email} the email address of your Stromwerk account, open this link within ${VERIFY_HOURS} hours:\n${link}\n\nUntil then your account keeps ${user.email}.\n`,
    });
    await this.mailer.send({
      to: user.email,
      subject: 'Your Stromwerk email address is about to change',
      text: `Hello ${user.name},\n\nsomeone asked to change the email address of your Stromwerk account to ${email}. It changes only once that address confirms it. If this was not you, change your password now.\n`,
    });
  }

  /** The mailed link: confirms the current address, or completes a change to the address it was sent to. */
  async completeEmailVerification(token: string) {
    const row = await this.repo.takeEmailVerification(sha256(token));
    if (!row) throw invalidToken();
    const user = await this.users.byId(row.userId);
    if (!user) throw invalidToken();
    if (row.email === user.email) {
      await this.users.setEmailVerified(user.id);
      await this.identity.forget({ userId: user.id });
      return;
    }
    // Another account may have taken the address since the link was sent.
    if (await this.users.byEmail(row.email)) {
      throw new AppError('EMAIL_TAKEN', 'email: This email address is already in use', [
        { field: 'email', message: 'This email address is already in use' },
      ]);
    }
    await this.users.update(user.id, { email: row.email, emailVerified: true });
    await this.identity.forget({ userId: user.id });
    // Links to earlier addresses must not switch the account back.
    await this.repo.clearEmailVerifications(user.id);
  }

  /** Answers the same whether or not the address exists, so it cannot be used to probe for accounts. */
  async startPasswordReset(email: string) {
    const user = await this.users.byEmail(email);
    if (!user || user.blocked) return;
    const token = randomSecret();
    await this.repo.addPasswordReset({
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
    const row = await this.repo.takePasswordReset(sha256(token));
    if (!row) throw invalidToken();
    const user = await this.users.byId(row.userId);
    if (!user) throw invalidToken();
    await this.users.update(user.id, {
      passwordHash: await hashPassword(password),
      tokenVersion: user.tokenVersion + 1,
    });
    await this.identity.forget({ userId: user.id });
    await this.repo.clearPasswordResets(user.id);
    // Whoever knew the old password is logged out everywhere, live connections included.
    await this.sessions.revokeAll(user.id);
  }

  async listEmailVerifications(actor: Actor, q: PageQuery) {
    const { rows, total } = await this.repo.emailVerifications(ownerFilter(actor), q);
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
    const { rows, total } = await this.repo.passwordResets(ownerFilter(actor), q);
    const items = rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      expiry: iso(r.expiry),
      createdAt: iso(r.createdAt),
    }));
    return { items, total, limit: q.limit, offset: q.offset };
  }

  async deleteEmailVerification(actor: Actor, id: string) {
    if (!(await this.repo.deleteEmailVerification(id, ownerFilter(actor))))
      throw notFound('Email verification');
  }

  async deletePasswordReset(actor: Actor, id: string) {
    if (!(await this.repo.deletePasswordReset(id, ownerFilter(actor)))) throw notFound('Password reset');
  }

  /** Expired links are useless; removing them keeps the tables small. */
  async purgeExpired() {
    await this.repo.purgeExpired(new Date());
  }
}

/** Platform admins see and manage everyone's links; anyone else only their own. */
const ownerFilter = (actor: Actor) => (actor.user.isAdmin ? undefined : actor.user.id);
