import type { SocialNetwork } from '@stromwerk/contracts/social-values';
import type { LiveDescriptor } from './live-descriptor';
import type { FolderSpec, UploadSpec } from './upload-spec';

/** The account a token belongs to, as the network names it. */
export interface Account {
  externalId: string;
  name: string;
  avatarUrl: string | null;
}

/** GET against the network's API with the connection's bearer token (platform-api.ts). */
export type ApiGet = (path: string, query?: Record<string, string>) => Promise<unknown>;

/**
 * One network (ARCHITECTURE rule 7: a registry of descriptor modules). Addresses here are the real ones;
 * SOCIAL_<NETWORK>_* settings replace them (plugins/social-config.ts), and no other address is contacted.
 */
export interface NetworkDescriptor {
  id: SocialNetwork;
  label: string;
  oauth?: {
    authorizeUrl: string;
    tokenUrl: string;
    /** RFC 7009 revocation, where the network has it. */
    revokeUrl?: string;
    apiUrl: string;
    scopes: string[];
    /** Parameters the network needs on the authorization request (offline access, consent). */
    extraAuthParams?: Record<string, string>;
    /** Headers every API call needs besides the bearer token (Twitch's Client-Id). */
    apiHeaders?: (clientId: string) => Record<string, string>;
    /** Where the app is registered: the Socials page links there with the redirect address. */
    consoleUrl: string;
    /** "Who am I": the account the token belongs to. */
    account(get: ApiGet): Promise<Account>;
  };
  /** Live platforms: the ingest address for a stream key entered by hand. */
  streamKey?: { ingest(key: string): string };
  /** FTP/FTPS with host, user and password. */
  credentials?: true;
  supports: { live: boolean; vod: boolean; folders: boolean; subAccounts: boolean };
  /** Posting a media (upload-spec.ts); FTP uploads through basic-ftp instead. */
  upload?: UploadSpec;
  /** Folders to post into (Drive); FTP's are paths on its server. */
  folders?: FolderSpec;
  /** Going live through an OAuth connection (live-descriptor.ts); absent: stream key only. */
  live?: LiveDescriptor;
}

/** A string field of an API answer, or null. */
export function str(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Reads `a.b.c` from an API answer without trusting its shape. */
export function pick(value: unknown, ...path: (string | number)[]): unknown {
  let v = value;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v;
}

export class AccountShapeError extends Error {
  constructor(network: string) {
    super(`${network} answered without an account`);
  }
}

export function account(network: string, id: unknown, name: unknown, avatar: unknown): Account {
  const externalId = str(id) ?? (typeof id === 'number' ? String(id) : null);
  if (!externalId) throw new AccountShapeError(network);
  // Only a web address may become an <img src> on the Socials page.
  const avatarUrl = str(avatar);
  return {
    externalId,
    name: str(name) ?? externalId,
    avatarUrl: avatarUrl && /^https?:\/\//i.test(avatarUrl) ? avatarUrl : null,
  };
}
