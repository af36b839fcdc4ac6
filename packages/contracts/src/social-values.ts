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
