import type { PageQuery } from '@stromwerk/contracts/common';
import type { Feature } from '@stromwerk/contracts/permissions';
import type { UpdateEmail, UpdatePassword, UpdateUserBody } from '@stromwerk/contracts/users';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Actor } from '../../plugins/auth';
import type { IdentityCache } from '../access/identity-cache';
import type { MembershipsRepository } from '../access/memberships.repository';
import type { ClientMeta, SessionsService } from '../sessions/sessions.service';
import { toUser, type UsersRepository } from './users.repository';
import type { VerificationService } from './verification.service';

export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly memberships: MembershipsRepository,
    private readonly sessions: SessionsService,
    private readonly verification: VerificationService,
    private readonly identity: IdentityCache,
  ) {}

  /** Every change of a user row: the cached caller (`/v1/me`, blocked flag, token version) is dropped. */
  private async saved<T>(id: string, row: T): Promise<T> {
    await this.identity.forget({ userId: id });
    return row;
  }

  /** A user is visible to themself, to platform admins and to admins of a corporation they belong to. */
  private async visibleRow(actor: Actor, id: string) {
    const row = await this.repo.byId(id);
    if (!row) throw notFound('User');
    if (actor.user.id === id || actor.user.isAdmin) return row;
    const mine = await this.memberships.corporationIdsOf(actor.user.id, true);
    const theirs = new Set(await this.memberships.corporationIdsOf(id));
    if (!mine.some((c) => theirs.has(c))) throw notFound('User');
    return row;
  }

  /** Changes to an account are its owner's (or a platform admin's) business. */
  private async ownRow(actor: Actor, id: string) {
    const row = await this.visibleRow(actor, id);
    if (actor.user.id !== id && !actor.user.isAdmin) {
      throw new AppError('FORBIDDEN', 'You can only change your own account');
    }
    return row;
  }

  async get(actor: Actor, id: string) {
    return toUser(await this.visibleRow(actor, id));
  }

  async list(actor: Actor, query: PageQuery) {
    const scope = actor.user.isAdmin
      ? undefined
      : await this.memberships.corporationIdsOf(actor.user.id, true);
    const { rows, total } = await this.repo.list(query, scope);
    return { items: rows.map(toUser), total, limit: query.limit, offset: query.offset };
  }

  async update(actor: Actor, id: string, body: UpdateUserBody) {
    await this.ownRow(actor, id);
    // An avatar points at the user's own uploaded image: never at another user's or tenant's media.
    if (body.avatarMediaId && !(await this.repo.ownsAvatarImage(id, body.avatarMediaId)))
      throw badRequest('avatarMediaId', 'Not an avatar image of this user: upload one instead');
    return toUser((await this.saved(id, await this.repo.update(id, body)))!);
  }

  async setBlocked(actor: Actor, id: string, blocked: boolean) {
    const row = await this.visibleRow(actor, id);
    if (row.id === actor.user.id) throw new AppError('FORBIDDEN', 'You cannot block yourself');
    // Blocking also ends every session of the user at once, and their live notification connections.
    const tokenVersion = blocked ? row.tokenVersion + 1 : row.tokenVersion;
    const updated = toUser((await this.saved(id, await this.repo.update(id, { blocked, tokenVersion })))!);
    if (blocked) await this.sessions.revokeAll(id);
    return updated;
  }

  /**
   * Nothing changes yet: the new address gets a confirmation link, and the email changes when it is opened
   * (if the address is still free). Taking an address one cannot read, and its invitations, is impossible.
   */
  async updateEmail(actor: Actor, id: string, input: UpdateEmail) {
    const row = await this.ownRow(actor, id);
    if (!actor.user.isAdmin || actor.user.id === id)
      await this.checkPassword(row.passwordHash, input.password, 'password');
    if (input.email === row.email) return toUser(row);
    const other = await this.repo.byEmail(input.email);
    if (other)
      throw new AppError('EMAIL_TAKEN', 'email: This email address is already in use', [
        { field: 'email', message: 'This email address is already in use' },
      ]);
    await this.verification.startEmailChange(row, input.email);
    return toUser(row);
  }

  /** Ends every other session of the user and hands the caller a fresh one. */
  async updatePassword(actor: Actor, id: string, input: UpdatePassword, meta: ClientMeta) {
    const row = await this.ownRow(actor, id);
    await this.checkPassword(row.passwordHash, input.currentPassword, 'currentPassword');
    const updated = (await this.saved(
      id,
      await this.repo.update(id, {
        passwordHash: await hashPassword(input.newPassword),
        tokenVersion: row.tokenVersion + 1,
      }),
    ))!;
    await this.sessions.revokeAll(id);
    return this.sessions.issue(updated, meta);
  }

  private async checkPassword(hash: string, password: string, field: string) {
    if (!(await verifyPassword(hash, password))) {
      throw new AppError('PASSWORD_INCORRECT', `${field}: The password is not correct`, [
        { field, message: 'The password is not correct' },
      ]);
    }
  }

  async setFlag(id: string, flag: Feature, enabled: boolean) {
    const row = await this.repo.byId(id);
    if (!row) throw notFound('User');
    const flags = new Set(row.flags as Feature[]);
    if (enabled) flags.add(flag);
    else flags.delete(flag);
    const updated = (await this.saved(id, await this.repo.setFlags(id, [...flags].sort())))!;
    return { userId: id, flags: updated.flags as Feature[] };
  }

  /** The user's own lists (socials): the user, or a platform administrator. */
  async assertOwn(actor: Actor, id: string) {
    await this.ownRow(actor, id);
  }

  flagsOf(actor: Actor) {
    return { userId: actor.user.id, flags: actor.user.flags as Feature[] };
  }
}
