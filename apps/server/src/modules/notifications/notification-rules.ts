import type { ChangeEvent } from '../../lib/events';
import type { NotificationsRepository } from './notifications.repository';
import type { NotifyInput } from './notifications.service';

/**
 * Which committed changes a person should still find in their notifications sheet later, as opposed to the
 * live cache updates every change gets. Only changes addressed to one person are stored: an invitation
 * reaching an existing account, and someone else changing or removing your membership. Media state changes
 * ("stream went live/offline") are stored by the media module through `notifyWorkspace`.
 */
export async function storedFromChange(
  event: ChangeEvent,
  repo: Pick<NotificationsRepository, 'invitation' | 'userIdByEmail' | 'corporationName'>,
): Promise<NotifyInput[]> {
  if (event.type === 'invitation' && event.action === 'created') {
    const found = await repo.invitation(event.id);
    // Invitees without an account yet only get the e-mail; their sign-up consumes the invitation.
    const userId = found && (await repo.userIdByEmail(found.invitation.email));
    if (!found || !userId) return [];
    return [
      {
        userId,
        kind: 'invitation-received',
        corporationId: found.invitation.corporationId,
        workspaceId: found.invitation.workspaceId,
        entity: 'invitation',
        entityId: found.invitation.id,
        data: {
          corporationName: found.corporationName,
          permissions: found.invitation.permissions,
          expiry: found.invitation.expiry.toISOString(),
        },
      },
    ];
  }
  if (event.type === 'member') {
    const corporationName = await repo.corporationName(event.corporationId);
    const permissions = (event.data as { permissions?: string[] } | undefined)?.permissions ?? [];
    const removed = event.action === 'deleted';
    return [
      {
        userId: event.id,
        kind: removed ? 'membership-removed' : 'membership-changed',
        // A removed member can no longer open the corporation: keep the ids in data, not as a scope.
        corporationId: removed ? null : event.corporationId,
        workspaceId: removed ? null : (event.workspaceId ?? null),
        entity: event.workspaceId ? 'workspace' : 'corporation',
        entityId: event.workspaceId ?? event.corporationId,
        data: {
          corporationId: event.corporationId,
          workspaceId: event.workspaceId ?? null,
          corporationName: corporationName ?? null,
          permissions,
        },
      },
    ];
  }
  return [];
}
