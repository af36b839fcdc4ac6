import type { Config } from '../../plugins/config';
import type { FtpCredentials } from '../socials/ftp-check';
import { isOauthNetwork, type OauthApp, oauthAppOf } from '../socials/oauth-apps';
import { freshTokens } from '../socials/oauth-check';
import type { OauthFlow, TokenSet } from '../socials/oauth-flow';
import type { SocialRow } from '../socials/socials.repository';
import type { SocialsService } from '../socials/socials.service';

/** What posting needs of a connection: an OAuth app with a fresh token, or FTP credentials. */
export type ConnectionAccess =
  | { kind: 'oauth'; app: OauthApp; token(): Promise<string> }
  | { kind: 'ftp'; creds: FtpCredentials };

/** Why a connection cannot be used to post (English; the job's error or a 422's message). */
export class ConnectionUnusable extends Error {}

/** Opens the connection's sealed secret; OAuth tokens are refreshed (and saved) when they run out. */
export function connectionAccess(
  socials: SocialsService,
  flow: OauthFlow,
  config: Config,
  row: SocialRow,
): ConnectionAccess {
  const secret = socials.open(row);
  if (secret.kind === 'ftp' && row.ftp)
    return { kind: 'ftp', creds: { ...row.ftp, password: secret.password } };
  if (secret.kind !== 'oauth' || !isOauthNetwork(row.network))
    throw new ConnectionUnusable(
      'A stream-key connection can only go live; connect the account with OAuth to post',
    );
  const app = oauthAppOf(config, row.network);
  if (!app) throw new ConnectionUnusable('This server has no OAuth app for the network any more');
  let tokens: TokenSet = secret.tokens;
  return {
    kind: 'oauth',
    app,
    async token() {
      tokens = await freshTokens(socials, flow, app, row, tokens);
      return tokens.accessToken;
    },
  };
}
