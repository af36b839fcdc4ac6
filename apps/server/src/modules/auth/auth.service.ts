import type { LoginBody, RegisterBody, Session } from '@stromwerk/contracts/users';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { UserRow } from '../../plugins/auth';
import type { Config } from '../../plugins/config';
import type { Db } from '../../plugins/db';
import type { InvitationsService } from '../invitations/invitations.service';
import type { ClientMeta, SessionsService } from '../sessions/sessions.service';
import type { UsersRepository } from '../users/users.repository';

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly invitations: InvitationsService,
  ) {}

  session(user: UserRow, meta: ClientMeta): Promise<Session> {
    return this.sessions.issue(user, meta);
  }

  async login(body: LoginBody, meta: ClientMeta): Promise<Session> {
    const user = await this.users.byEmail(body.email);
    // An unknown email is checked against a dummy hash: it takes as long as a wrong password.
    const ok = await verifyPassword(user?.passwordHash, body.password);
    if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'Email address or password is not correct');
    if (user.blocked) throw new AppError('USER_BLOCKED', 'This user account is blocked');
    return this.session(user, meta);
  }

  /** Sign-up needs an invitation code unless ALLOW_SIGNUP is set; the invitation's email must match. */
  async register(body: RegisterBody, meta: ClientMeta): Promise<Session> {
    if (!body.invitationCode && !this.config.allowSignup) {
      throw new AppError('SIGNUP_DISABLED', 'Sign-up needs an invitation code');
    }
    if (await this.users.byEmail(body.email)) {
      throw new AppError('EMAIL_TAKEN', 'email: This email address is already in use', [
        { field: 'email', message: 'This email address is already in use' },
      ]);
    }
    const invitation = body.invitationCode
      ? await this.invitations.pendingByCode(body.invitationCode)
      : undefined;
    if (invitation && invitation.email !== body.email) {
      throw new AppError('INVITATION_INVALID', 'email: The invitation was sent to another email address', [
        { field: 'email', message: 'The invitation was sent to another email address' },
      ]);
    }
    const passwordHash = await hashPassword(body.password);
    let accepted: Awaited<ReturnType<InvitationsService['accept']>> | undefined;
    const user = await withTransaction(this.db, async (tx) => {
      const created = await this.users.create(
        // Following a mailed invitation proves the address.
        {
          email: body.email,
          name: body.name,
          passwordHash,
          language: body.language,
          emailVerified: !!invitation,
        },
        tx,
      );
      if (invitation) accepted = await this.invitations.accept(invitation, created.id, tx);
      return created;
    });
    if (accepted) this.invitations.announce(accepted);
    return this.session(user, meta);
  }
}
