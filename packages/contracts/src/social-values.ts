// No zod here: the web app reads these lists at run time.
import { socialNetworks } from './values';

export { socialNetworks };
export type SocialNetwork = (typeof socialNetworks)[number];

/** Networks connected through OAuth 2 (authorization code with PKCE). */
export const oauthNetworks = ['youtube', 'facebook', 'twitch', 'twitter', 'google-drive'] as const;
export type OauthNetwork = (typeof oauthNetworks)[number];
/** Live platforms: each also has a stream-key mode for installs without an OAuth app. */
export const liveNetworks = ['youtube', 'facebook', 'twitch', 'twitter'] as const;
export const socialAuthTypes = ['oauth', 'credentials', 'stream-key'] as const;
export const socialStatuses = ['connected', 'expiring', 'reauth-required', 'restricted', 'error'] as const;
export type SocialStatus = (typeof socialStatuses)[number];
/** What `GET /v1/socials/{id}/check` can find wrong; the web app words each with its fix. */
export const socialProblemCodes = [
  'TOKEN_EXPIRED',
  'TOKEN_REVOKED',
  'SCOPE_MISSING',
  'APP_NOT_CONFIGURED',
  'PLATFORM_UNREACHABLE',
  'PLATFORM_ERROR',
  'FTP_UNREACHABLE',
  'FTP_LOGIN_FAILED',
  'FTP_TLS_FAILED',
  'FTP_PASSIVE_BLOCKED',
  'FTP_PATH_MISSING',
  'ADDRESS_REFUSED',
  'SECRET_UNREADABLE',
] as const;
export type SocialProblemCode = (typeof socialProblemCodes)[number];

/** Who may watch: YouTube's privacyStatus values, the spec's social visibility. */
export const socialVisibilities = ['public', 'unlisted', 'private'] as const;
export type SocialVisibility = (typeof socialVisibilities)[number];
/**
 * The visibilities a network lets a live broadcast or post choose (issue 33): YouTube its privacy status;
 * Facebook a profile broadcast's privacy (everyone, friends, only me; a page's videos are public); Twitch
 * and X have no such setting, Drive and FTP keep files private to the account. Empty: not offered.
 */
export const networkVisibilities: Record<SocialNetwork, readonly SocialVisibility[]> = {
  youtube: socialVisibilities,
  facebook: socialVisibilities,
  twitch: [],
  twitter: [],
  'google-drive': [],
  ftp: [],
};
