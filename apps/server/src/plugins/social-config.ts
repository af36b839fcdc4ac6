import { type OauthNetwork, oauthNetworks } from '@stromwerk/contracts/social-values';

/**
 * Install-wide OAuth apps and endpoint overrides per network, from SOCIAL_<NETWORK>_* variables (NETWORK:
 * YOUTUBE, FACEBOOK, TWITCH, TWITTER, GOOGLE_DRIVE). CLIENT_ID (and CLIENT_SECRET, unless the app is a
 * public client) enable OAuth for the network; AUTHORIZE_URL, TOKEN_URL, REVOKE_URL and API_URL replace the descriptor's addresses (tests
 * point them at local stand-ins). Only these configured addresses are ever contacted for a network.
 */
export interface SocialOverrides {
  clientId?: string;
  clientSecret?: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  revokeUrl?: string;
  apiUrl?: string;
}
export type SocialSettings = Record<OauthNetwork, SocialOverrides>;

const envName = (network: OauthNetwork) => `SOCIAL_${network.toUpperCase().replace('-', '_')}`;
const URL_KEYS = ['authorizeUrl', 'tokenUrl', 'revokeUrl', 'apiUrl'] as const;
const VAR = {
  clientId: 'CLIENT_ID',
  clientSecret: 'CLIENT_SECRET',
  authorizeUrl: 'AUTHORIZE_URL',
  tokenUrl: 'TOKEN_URL',
  revokeUrl: 'REVOKE_URL',
  apiUrl: 'API_URL',
} as const;

export function socialSettingsFrom(env: NodeJS.ProcessEnv): SocialSettings {
  const settings = {} as SocialSettings;
  for (const network of oauthNetworks) {
    const out: SocialOverrides = {};
    for (const [key, suffix] of Object.entries(VAR) as [keyof SocialOverrides, string][]) {
      const name = `${envName(network)}_${suffix}`;
      const value = env[name]?.trim();
      if (!value) continue;
      if ((URL_KEYS as readonly string[]).includes(key) && !/^https?:\/\/[^\s]+$/.test(value))
        throw new Error(`${name}=${JSON.stringify(value)}: must be an http(s) address`);
      out[key] = value.replace(/\/$/, '');
    }
    // A public client (PKCE only) has no secret; a secret without an id is a mistake.
    if (out.clientSecret && !out.clientId)
      throw new Error(`${envName(network)}_CLIENT_SECRET is set without ${envName(network)}_CLIENT_ID`);
    settings[network] = out;
  }
  return settings;
}

export const socialEnvName = envName;
