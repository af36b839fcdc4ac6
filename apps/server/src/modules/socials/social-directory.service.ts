import { networkVisibilities, type SocialNetwork } from '@stromwerk/contracts/social-values';
import type { SocialListItem, SocialTag } from '@stromwerk/contracts/socials';
import type { Actor } from '../../plugins/auth';
import type { AccessService } from '../access/access.service';
import type { SocialDirectoryRepository } from './social-directory.repository';
import type { SocialSharesService } from './social-shares.service';
import type { SocialRow } from './socials.repository';

/**
 * The spec's `GET /v1/socials` and `GET /v1/socials/{id}/tags` (issue 33). Shared connections are those
 * shared with a workspace the caller's own memberships reach (a scoped API key: within its scope;
 * platform administration adds none). Their secrets and owners' details never show.
 */
export class SocialDirectoryService {
  constructor(
    private readonly repo: SocialDirectoryRepository,
    private readonly access: AccessService,
    private readonly shares: SocialSharesService,
  ) {}

  async list(actor: Actor, q: { limit: number; offset: number; network?: SocialNetwork; search?: string }) {
    const workspaceIds = await this.access.memberWorkspaceIds(actor);
    const { rows, total } = await this.repo.visiblePage(actor.user.id, workspaceIds, q);
    const shared = await this.repo.sharesIn(
      rows.filter((r) => r.userId !== actor.user.id).map((r) => r.id),
      workspaceIds,
    );
    const items = rows.map((r) =>
      itemOf(
        r,
        r.userId === actor.user.id,
        shared.filter((s) => s.socialId === r.id).map((s) => s.workspaceId),
      ),
    );
    return { items, total, limit: q.limit, offset: q.offset };
  }

  /**
   * Suggestions are the tags this connection was used with here: its posts' tags and its live targets'
   * tags, counted, most used first (then alphabetically). No network API is asked: none of the networks'
   * APIs we use (nor their stand-ins) offers tag suggestions, so we do not pretend to have them. The
   * owner sees all (through a scoped key: its scope); a member of a workspace it is shared with sees
   * what was used in its own workspaces.
   */
  async tags(actor: Actor, id: string, q: { q?: string; limit: number }): Promise<{ items: SocialTag[] }> {
    const social = await this.shares.usable(actor, id);
    // A scoped API key reads within its scope, its owner's own connection included.
    const everywhere = social.userId === actor.user.id && !actor.scope;
    const scope = everywhere ? undefined : await this.access.memberWorkspaceIds(actor);
    const used = await this.repo.usedTags(social.id, scope);
    const counts = new Map<string, SocialTag>();
    const add = (tags: string[], from: 'post' | 'live') => {
      for (const raw of tags) {
        const tag = typeof raw === 'string' ? raw.trim() : '';
        if (!tag || tag.includes('{')) continue; // templates ({date}) are not tags yet
        const key = tag.toLowerCase();
        const entry = counts.get(key) ?? { tag, uses: 0, from: [] };
        entry.uses += 1;
        if (!entry.from.includes(from)) entry.from.push(from);
        counts.set(key, entry);
      }
    };
    for (const t of used.posts) add(t, 'post');
    for (const t of used.live) add(t, 'live');
    const prefix = q.q?.toLowerCase();
    const items = [...counts.entries()]
      .filter(([key]) => !prefix || key.startsWith(prefix))
      .map(([, v]) => v)
      .sort((a, b) => b.uses - a.uses || a.tag.localeCompare(b.tag))
      .slice(0, q.limit);
    return { items };
  }
}

function itemOf(r: SocialRow, own: boolean, sharedWith: string[]): SocialListItem {
  const network = r.network as SocialNetwork;
  return {
    id: r.id,
    network,
    authType: r.authType as SocialListItem['authType'],
    name: r.name,
    externalName: r.externalName,
    avatarUrl: r.avatarUrl,
    status: r.status as SocialListItem['status'],
    own,
    sharedWith: own ? [] : sharedWith,
    visibilities: [...networkVisibilities[network]],
  };
}
