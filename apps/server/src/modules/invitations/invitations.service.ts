import type { CreateInvitationBody, Invitation } from '@stromwerk/contracts/invitations';
import type { Permission } from '@stromwerk/contracts/permissions';
import { type Executor, withTransaction } from '../../db/transaction';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { union } from '../../lib/permissions';
import { randomSecret, sameSecret, sha256 } from '../../lib/secrets';
import type { Actor } from '../../plugins/auth';
import type { Config } from '../../plugins/config';
import type { Db } from '../../plugins/db';
import type { Mailer } from '../../plugins/mailer';
import type { AccessService } from '../access/access.service';
import type { IdentityCache } from '../access/identity-cache';
import type { MembershipsRepository } from '../access/memberships.repository';
import { type InvitationRow, type InvitationsRepository, toInvitation } from './invitations.repository';

const VALID_DAYS = 14;
const invalid = () =>
  new AppError('INVITATION_INVALID', 'invitationCode: The invitation code is invalid, used or expired', [
    { field: 'invitationCode', message: 'The invitation code is invalid, used or expired' },
  ]);

export class InvitationsService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly repo: InvitationsRepository,
    private readonly access: AccessService,
    private readonly memberships: MembershipsRepository,
    private readonly mailer: Mailer,
    private readonly events: EventBus,
    private readonly identity: IdentityCache,
  ) {}

  async create(actor: Actor, body: CreateInvitationBody) {
    const { corporation } = await this.access.corporation(actor, body.corporationId, 'admin');
    if (body.workspaceId) {
      if ((await this.repo.corporationOfWorkspace(body.workspaceId)) !== corporation.id)
        throw badRequest('workspaceId', 'Workspace not found in this corporation');
    }
    const extra = body.workspaces ?? [];
    for (const [i, grant] of extra.entries()) {
      if ((await this.repo.corporationOfWorkspace(grant.workspaceId)) !== corporation.id)
        throw badRequest(`workspaces.${i}.workspaceId`, 'Workspace not found in this corporation');
    }
    // A newer invitation replaces older pending ones for the same address.
    await this.repo.revokePendingFor(corporation.id, body.email);
    const code = randomSecret(24);
    const row = await this.repo.insert({
      corporationId: corporation.id,
      workspaceId: body.workspaceId ?? null,
      email: body.email,
      permissions: body.permissions,
      workspaceGrants: extra,
      codeHash: sha256(code),
      invitedBy: actor.user.id,
      expiry: new Date(Date.now() + VALID_DAYS * 86_400_000),
    });
    await this.mail(actor, corporation.name, body.email, code);
    this.emit(row, 'created');
    return { ...toInvitation(row, corporation.name), code };
  }

  private async mail(actor: Actor, corporationName: string, to: string, code: string) {
    const link = `${this.config.publicUrl}/login/create-account?code=${code}`;
    await this.mailer.send({
      to,
      subject: `You are invited to ${corporationName} on Stromwerk`,
      text: `${actor.user.name} invited you to join ${corporationName} on Stromwerk.\n\nCreate your account or accept within ${VALID_DAYS} days:\n${link}\n\nInvitation code: ${code}\n`,
    });
  }

  /** Mails a pending invitation again with a new code (the old one stops working) and a fresh expiry. */
  async resend(actor: Actor, id: string) {
    const { row, invitation } = await this.get(actor, id, true);
    if (row.status !== 'pending') throw new AppError('CONFLICT', 'Only pending invitations can be resent');
    const code = randomSecret(24);
    const updated = await this.repo.update(id, {
      codeHash: sha256(code),
      expiry: new Date(Date.now() + VALID_DAYS * 86_400_000),
    });
    await this.mail(actor, invitation.corporationName, row.email, code);
    this.emit(updated, 'updated');
    return toInvitation(updated, invitation.corporationName);
  }

  /** An invitation is the invitee's once their account has proven that it reads mail to the address. */
  private isInvitee(actor: Actor, inv: InvitationRow) {
    return actor.user.emailVerified && inv.email === actor.user.email;
  }

  private visibleTo(actor: Actor, inv: InvitationRow) {
    return actor.user.isAdmin || this.isInvitee(actor, inv);
  }

  /** The invitee sees their invitation; admins of the corporation see and manage it. */
  async get(
    actor: Actor,
    id: string,
    manage = false,
  ): Promise<{ row: InvitationRow; invitation: Invitation }> {
    const found = await this.repo.byId(id);
    if (!found) throw notFound('Invitation');
    const invitation = toInvitation(found.invitation, found.corporationName);
    if (!manage && this.visibleTo(actor, found.invitation)) return { row: found.invitation, invitation };
    await this.access.corporation(actor, found.invitation.corporationId, 'admin').catch((e) => {
      throw e instanceof AppError && e.statusCode === 403 && !manage ? notFound('Invitation') : e;
    });
    return { row: found.invitation, invitation };
  }

  async list(actor: Actor, scope: 'mine' | 'sent', limit: number, offset: number) {
    // An unverified address shows no invitations: anyone can sign up with (or type) someone else's email.
    const filter =
      scope === 'mine'
        ? { email: actor.user.emailVerified ? actor.user.email : null }
        : { invitedBy: actor.user.id };
    return this.repo.list(filter, limit, offset);
  }

  async listForCorporation(actor: Actor, corporationId: string, limit: number, offset: number) {
    await this.access.corporation(actor, corporationId, 'admin');
    return this.repo.list({ corporationId }, limit, offset);
  }

  async update(actor: Actor, id: string, permissions: Permission[]) {
    const { row, invitation } = await this.get(actor, id, true);
    if (row.status !== 'pending') throw new AppError('CONFLICT', 'Only pending invitations can be changed');
    const updated = await this.repo.update(id, { permissions });
    this.emit(updated, 'updated');
    return toInvitation(updated, invitation.corporationName);
  }

  async revoke(actor: Actor, id: string) {
    const { row } = await this.get(actor, id, true);
    // An accepted invitation is a membership now: "revoked" would claim access was withdrawn when it was not.
    if (row.status !== 'pending') throw new AppError('CONFLICT', 'Only pending invitations can be revoked');
    const updated = await this.repo.update(id, { status: 'revoked' });
    this.emit(updated, 'deleted');
  }

  /**
   * Accepting needs the account whose verified email the invitation was sent to, or the code from the mail
   * (which proves the mailbox as well). Declining is the addressee's too.
   */
  async respond(actor: Actor, id: string, accept: boolean, code?: string) {
    const found = await this.repo.byId(id);
    const inv = found?.invitation;
    const byCode = !!code && !!inv && sameSecret(inv.codeHash, sha256(code));
    if (!found || !inv || (!byCode && inv.email !== actor.user.email)) throw notFound('Invitation');
    if (!byCode && !this.isInvitee(actor, inv)) {
      throw new AppError(
        'EMAIL_NOT_VERIFIED',
        'Confirm your email address first, or open the link from the invitation mail',
      );
    }
    if (inv.status !== 'pending' || inv.expiry < new Date()) {
      throw new AppError('INVITATION_CLOSED', 'This invitation is no longer open');
    }
    const updated = accept
      ? await withTransaction(this.db, (tx) => this.accept(inv, actor.user.id, tx))
      : await this.repo.update(id, { status: 'declined' });
    // The accepted membership is new: the caller's cached memberships are out of date.
    if (accept) await this.identity.forget({ userId: actor.user.id });
    this.announce(updated);
    return toInvitation(updated, found.corporationName);
  }

  async byCode(code: string) {
    const found = await this.repo.openByCodeHash(sha256(code));
    if (!found) throw invalid();
    return toInvitation(found.invitation, found.corporationName);
  }

  async pendingByCode(code: string) {
    const found = await this.repo.openByCodeHash(sha256(code));
    if (!found) throw invalid();
    return found.invitation;
  }

  /**
   * Grants the invited permissions; runs inside the caller's transaction, so it announces nothing: the
   * caller calls `announce` once the transaction has committed.
   */
  async accept(inv: InvitationRow, userId: string, tx: Executor) {
    // Accepting never lowers what the user already holds there: it could strip a corporation's last admin.
    const current = await this.memberships.permissionsIn(userId, inv.corporationId, inv.workspaceId, tx);
    await this.memberships.set(
      userId,
      inv.corporationId,
      inv.workspaceId,
      union(current ?? [], inv.permissions),
      tx,
    );
    for (const grant of inv.workspaceGrants) {
      // A workspace deleted since the invitation was sent is skipped.
      if ((await this.repo.corporationOfWorkspace(grant.workspaceId, tx)) !== inv.corporationId) continue;
      const had = await this.memberships.permissionsIn(userId, inv.corporationId, grant.workspaceId, tx);
      await this.memberships.set(
        userId,
        inv.corporationId,
        grant.workspaceId,
        union(had ?? [], [grant.permission]),
        tx,
      );
    }
    return this.repo.update(inv.id, { status: 'accepted' }, tx);
  }

  /** After commit: tell subscribers an invitation changed state. */
  announce(row: InvitationRow) {
    this.emit(row, 'updated');
  }

  private emit(row: InvitationRow, action: 'created' | 'updated' | 'deleted') {
    this.events.changed({
      type: 'invitation',
      action,
      id: row.id,
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
    });
  }
}
