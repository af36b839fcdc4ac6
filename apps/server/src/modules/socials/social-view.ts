import type { Social } from '@stromwerk/contracts/socials';
import { iso, isoOrNull } from '../../lib/dates';
import type { SocialRow } from './socials.repository';

/** A connection as answered: everything but the sealed secret. */
export function toSocial(r: SocialRow): Social {
  return {
    id: r.id,
    userId: r.userId,
    network: r.network as Social['network'],
    authType: r.authType as Social['authType'],
    name: r.name,
    externalId: r.externalId,
    externalName: r.externalName,
    avatarUrl: r.avatarUrl,
    scopes: r.scopes,
    status: r.status as Social['status'],
    lastError: r.lastError,
    lastCheckedAt: isoOrNull(r.lastCheckedAt),
    expiresAt: isoOrNull(r.expiresAt),
    hasRefreshToken: r.hasRefreshToken,
    ftp: r.ftp ?? null,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** The context a row's secret is sealed under: a sealed value copied to another row does not open. */
export const secretContext = (id: string) => `social:${id}`;
