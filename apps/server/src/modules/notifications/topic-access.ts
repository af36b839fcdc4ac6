import type { Actor } from '../../plugins/auth';
import type { BrokerAuth } from '../../plugins/broker';
import type { Db } from '../../plugins/db';
import type { AccessService } from '../access/access.service';
import type { SessionsService } from '../sessions/sessions.service';
import { UsersRepository } from '../users/users.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Topics are key/value paths (`corporation/{cid}/workspace/{wid}/source/{sid}`), optionally ending in `+`
 * on the last value. A subscription is allowed when the caller may read the deepest tenant it names.
 */
export function topicAccess(db: Db, sessions: SessionsService, access: AccessService): BrokerAuth {
  const users = new UsersRepository(db);

  return {
    async authenticate(username, password) {
      const found = await sessions.resolve(password);
      if (!found || found.user.id !== username || found.user.blocked) return null;
      return { userId: found.user.id, sessionId: found.session.id };
    },
    async maySubscribe(userId, topic) {
      const parts = topic.split('/');
      const misplaced = (p: string, i: number) =>
        p === '' || p === '#' || (p === '+' && i !== parts.length - 1);
      if (parts.length % 2 !== 0 || parts.some(misplaced)) return false;
      // The HTTP ACL endpoint passes any username through: only ids can name a user.
      if (!UUID.test(userId)) return false;
      const user = await users.byId(userId);
      if (!user || user.blocked) return false;
      const actor: Actor = { user, via: 'session' };
      const [kind, id, sub, subId] = parts;
      if (kind === 'user') return id === userId;
      if (kind !== 'corporation' || !id || id === '+') return false;
      try {
        if (sub === 'workspace' && subId && subId !== '+') {
          const { workspace } = await access.workspace(actor, subId, 'read');
          return workspace.corporationId === id;
        }
        // Also refuses blocked corporations and ones the user has no membership in.
        const { permissions } = await access.corporation(actor, id, 'read');
        // `corporation/{cid}` itself only carries changes of the corporation, which every member may read;
        // deeper corporation-wide filters carry every workspace's events: corporation-level rights needed.
        return parts.length === 2 || permissions.length > 0;
      } catch {
        return false;
      }
    },
  };
}
