import { type OauthNetwork, oauthNetworks } from '@stromwerk/contracts/social-values';
import type { Config } from '../../plugins/config';
import { socialEnvName } from '../../plugins/social-config';
import type { Account, ApiGet } from './networks/network';
import { networks } from './networks/registry';

/** A network's OAuth app on this install: the descriptor's addresses with the configured overrides. */
export interface OauthApp {
  network: OauthNetwork;
  clientId: string;
  clientSecret: string | null;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string | undefined;
  apiUrl: string;
  scopes: string[];
  extraAuthParams: Record<string, string>;
  apiHeaders: Record<string, string>;
  /** The address to register in the provider's console. */
  redirectUri: string;
  account(get: ApiGet): Promise<Account>;
}

export const redirectUriOf = (config: Config, network: OauthNetwork) =>
  `${config.publicUrl}/v1/connect-social/${network}/callback`;

export const isOauthNetwork = (network: string): network is OauthNetwork =>
  (oauthNetworks as readonly string[]).includes(network);

/** An app stored on the admin page (oauth-app-store.ts), its secret opened. */
export interface StoredApp {
  clientId: string;
  clientSecret: string | null;
}

/**
 * The network's app, or undefined when the install has none: SOCIAL_<NETWORK>_CLIENT_ID (and _SECRET)
 * when set, else the one stored on the admin page. Addresses always come from the descriptor and the
 * SOCIAL_<NETWORK>_*_URL overrides: an administrator's form cannot send tokens elsewhere.
 */
export function oauthAppOf(config: Config, network: OauthNetwork, stored?: StoredApp): OauthApp | undefined {
  const descriptor = networks[network].oauth;
  const set = config.socials[network];
  const client = set.clientId ? { clientId: set.clientId, clientSecret: set.clientSecret ?? null } : stored;
  if (!descriptor || !client) return undefined;
  return {
    network,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    authorizeUrl: set.authorizeUrl ?? descriptor.authorizeUrl,
    tokenUrl: set.tokenUrl ?? descriptor.tokenUrl,
    revokeUrl: set.revokeUrl ?? descriptor.revokeUrl,
    apiUrl: set.apiUrl ?? descriptor.apiUrl,
    scopes: descriptor.scopes,
    extraAuthParams: descriptor.extraAuthParams ?? {},
    apiHeaders: descriptor.apiHeaders?.(client.clientId) ?? {},
    redirectUri: redirectUriOf(config, network),
    account: descriptor.account,
  };
}

/** What to set to enable OAuth for a network (shown when it has no app). */
export const missingAppNote = (network: OauthNetwork) =>
  `No OAuth app is configured: enter one on the administration page (OAuth apps), or set ${socialEnvName(network)}_CLIENT_ID and ${socialEnvName(network)}_CLIENT_SECRET`;
