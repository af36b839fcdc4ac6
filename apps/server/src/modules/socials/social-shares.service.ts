import type { SocialShare, UsableSocial } from '@stromwerk/contracts/socials';
import type { PlatformTargetSettings } from '@stromwerk/contracts/targets';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { Actor } from '../../plugins/auth';
import type { AccessService } from '../access/access.service';
import { networks } from './networks/registry';
import type { SocialSettingsRepository } from './social-settings.repository';
import type { SocialRow } from './socials.repository';
import type { SocialsService } from './socials.service';

/** What a target bound to a connection that is no longer usable in its workspace shows. */
export const NOT_SHARED =
  'The social connection of this target is no longer shared with this workspace: ask its owner to share it again, or choose another connection';
export const SOCIAL_GONE = 'The social connection of this target was deleted: choose another connection';

/** A platform target's workspace, and who bound it to its connection. */
export interface BoundTarget {
  id: string;
  workspaceId: string;
  corporationId: string;
  boundBy: string | null;
}

/** Targets bound to a connection, seen from here (targets/social-bound-targets.ts). */
export interface BoundTargets {
  boundTo(socialId: string): Promise<BoundTarget[]>;
  /** Stops the push (ending the platform's live object) and shows `reason` on the target. */
  unbindable(id: string, reason: string): Promise<void>;
}

/**
 * Sharing a connection with workspaces (issue 20): members of a workspace it is shared with for `live`
 * may bind platform targets to it and read its sub-accounts and categories; they never see its secret,
 * and only its owner changes or shares it. Its owner may use it wherever they may write.
 */
export class SocialSharesService {
  constructor(
    private readonly socials: SocialsService,
    private readonly repo: SocialSettingsRepository,
    private readonly access: AccessService,
    private readonly targets: BoundTargets,
  ) {}

  async shares(actor: Actor, id: string) {
    await this.socials.owned(actor, id);
    return { items: (await this.repo.sharesOf(id)).map(shareOf) };
  }

  async putShares(actor: Actor, id: string, items: SocialShare[]) {
    this.socials.assertUnscoped(actor);
    const social = await this.socials.owned(actor, id);
    // Only into workspaces one may write in as a member (platform administration grants no share).
    for (const [i, item] of items.entries()) {
      const allowed = await this.access.workspace(actor, item.workspaceId, 'write').then(
        ({ workspace }) => this.access.userHolds(actor.user.id, workspace, 'write'),
        (e) => {
          if (e instanceof AppError && (e.statusCode === 404 || e.statusCode === 403)) return false;
          throw e;
        },
      );
      if (!allowed) throw badRequest(`items.${i}.workspaceId`, 'Not a workspace you may write in');
    }
    const kept = items.filter((s) => s.live || s.post);
    await this.repo.replaceShares(id, kept);
    await this.unbindLost(social);
    return { items: kept };
  }

  /** Targets that may no longer use the connection stop, and say why. */
  private async unbindLost(social: SocialRow) {
    for (const target of await this.targets.boundTo(social.id))
      if (!(await this.usableIn(social, target))) await this.targets.unbindable(target.id, NOT_SHARED);
  }

  /**
   * Whether a target may go live through the connection: it is shared with the target's workspace for
   * going live, or its owner bound the target and still may write there.
   */
  async usableIn(social: SocialRow, target: BoundTarget) {
    if ((await this.repo.share(social.id, target.workspaceId))?.live) return true;
    if (target.boundBy !== social.userId) return false;
    return this.access.userHolds(
      social.userId,
      { id: target.workspaceId, corporationId: target.corporationId },
      'write',
    );
  }

  /** Connections the caller may use in a workspace: their own live ones and those shared with it. */
  async usableInWorkspace(actor: Actor, workspaceId: string): Promise<{ items: UsableSocial[] }> {
    await this.access.workspace(actor, workspaceId, 'read');
    const own = await this.socials.repo.pageOf(actor.user.id, 500, 0);
    const shared = await this.repo.sharedWith(workspaceId);
    const items = new Map<string, UsableSocial>();
    for (const r of shared) items.set(r.social.id, usableOf(r.social, false));
    for (const r of own.rows) items.set(r.id, usableOf(r, true));
    return { items: [...items.values()] };
  }

  /**
   * A connection a caller may use: their own, or shared for going live with a workspace they may write
   * in. Anyone else: 404, as for every connection that is not theirs.
   */
  async usable(actor: Actor, id: string): Promise<SocialRow> {
    const row = await this.socials.repo.byId(id);
    if (!row) throw notFound('Social connection');
    if (row.userId === actor.user.id) return row;
    for (const share of await this.repo.sharesOf(id)) {
      if (!share.live) continue;
      const ok = await this.access.workspace(actor, share.workspaceId, 'write').then(
        () => true,
        () => false,
      );
      if (ok) return row;
    }
    throw notFound('Social connection');
  }

  /** A platform target may be saved with this connection in this workspace (target create/update). */
  async assertBindable(
    actor: Actor,
    settings: PlatformTargetSettings,
    workspace: { id: string; corporationId: string },
  ) {
    const row = await this.socials.repo.byId(settings.socialId);
    const mine = row?.userId === actor.user.id;
    if (!row || !(mine || (await this.repo.share(row.id, workspace.id))?.live))
      throw badRequest('settings.socialId', 'No such connection of yours or shared with this workspace');
    if (row.network !== settings.type)
      throw badRequest('settings.socialId', `This is a ${row.network} connection, not ${settings.type}`);
    if (row.authType === 'oauth' && !networks[settings.type].live)
      throw badRequest(
        'settings.socialId',
        `${networks[settings.type].label} has no API to go live with: connect it with a stream key`,
      );
    if (settings.subAccountId && !networks[settings.type].live?.subAccounts)
      throw badRequest('settings.subAccountId', `${networks[settings.type].label} has no sub-accounts`);
  }
}

const shareOf = (r: { workspaceId: string; live: boolean; post: boolean }): SocialShare => ({
  workspaceId: r.workspaceId,
  live: r.live,
  post: r.post,
});

function usableOf(r: SocialRow, own: boolean): UsableSocial {
  return {
    id: r.id,
    network: r.network as UsableSocial['network'],
    authType: r.authType as UsableSocial['authType'],
    name: r.name,
    externalName: r.externalName,
    avatarUrl: r.avatarUrl,
    status: r.status as UsableSocial['status'],
    own,
  };
}
