import type { SocialProblem, SocialProblemCode } from '@stromwerk/contracts/socials';

/** English words for each problem `check` can find, with the fix; the web app has its own (en, de). */
const MESSAGES: Record<SocialProblemCode, string> = {
  TOKEN_EXPIRED: 'The access has expired and could not be renewed: reconnect the account.',
  TOKEN_REVOKED: 'The network no longer accepts this connection (revoked or password changed): reconnect it.',
  SCOPE_MISSING: 'Some permissions were not granted: reconnect and allow every requested permission.',
  APP_NOT_CONFIGURED:
    "This server no longer has an OAuth app for the network: ask the administrator to set the network's client id and secret.",
  PLATFORM_UNREACHABLE: 'The network could not be reached: try again later.',
  PLATFORM_ERROR: 'The network answered with an error: try again later, or reconnect.',
  FTP_UNREACHABLE: 'The FTP server could not be reached: check the host and port.',
  FTP_LOGIN_FAILED: 'The FTP server refused the user name or password (530): correct them.',
  FTP_TLS_FAILED:
    'FTPS could not be set up (the server has no TLS or its certificate is not trusted): use plain FTP only on trusted networks, or fix the certificate.',
  FTP_PASSIVE_BLOCKED:
    'Logged in, but the data connection in passive mode failed: open the passive port range in the firewall.',
  FTP_PATH_MISSING: 'The folder does not exist on the FTP server: create it or correct the path.',
  ADDRESS_REFUSED: 'The host is on a local or private network, which this server does not allow.',
  SECRET_UNREADABLE:
    "The stored credentials cannot be opened with this server's SECRETS_KEY: reconnect the account.",
};

export const problem = (code: SocialProblemCode, fixUrl?: string): SocialProblem => ({
  code,
  message: MESSAGES[code],
  ...(fixUrl ? { fixUrl } : {}),
});
