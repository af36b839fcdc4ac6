import type { TokenSet } from './oauth-flow';

/** What `socials.secret` holds once opened: never answered, logged or published. */
export type SocialSecret =
  | { kind: 'oauth'; tokens: TokenSet }
  | { kind: 'ftp'; password: string }
  | { kind: 'stream-key'; streamKey: string };
