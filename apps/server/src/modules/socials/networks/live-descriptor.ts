import type { PlatformTargetSettings } from '@stromwerk/contracts/targets';

/** A call to the network's API with the connection's token (platform-api.ts `apiClient`). */
export interface PlatformApi {
  get(path: string, query?: Record<string, string>, token?: string): Promise<unknown>;
  send(
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    query?: Record<string, string>,
    body?: unknown,
    token?: string,
  ): Promise<unknown>;
}

/** A platform target's settings with its templates filled in ({date}, {source}). */
export type LiveRequest = Omit<PlatformTargetSettings, 'type' | 'socialId'>;

/** The platform's live object: where to push, and what ending it needs. */
export interface StartedLive {
  ingestUrl: string;
  id: string;
  /** Where viewers watch it, when the network says. */
  url: string | null;
  ids: Record<string, string>;
}

export interface SubAccount {
  id: string;
  name: string;
  kind: 'page' | 'channel';
}

/**
 * Going live through a connection (issue 20): kept apart from the rest of a descriptor (posting lives in
 * its own properties). Every call goes to the configured API address only (platform-api.ts).
 */
export interface LiveDescriptor {
  /** Creates the live object (and whatever it needs) and answers the ingest address to push to. */
  start(api: PlatformApi, req: LiveRequest): Promise<StartedLive>;
  /** Ends it; a network without an end call (Twitch) ends when the push stops. */
  end?(api: PlatformApi, live: StartedLive | { id: string; ids: Record<string, string> }): Promise<void>;
  subAccounts?(api: PlatformApi): Promise<SubAccount[]>;
  categories?(
    api: PlatformApi,
    query: { q?: string; region?: string },
  ): Promise<{ id: string; name: string }[]>;
}

/** A network answered without a field we need to go on: named, so the target's state says what. */
export class PlatformShapeError extends Error {}

export function need(value: unknown, what: string): string {
  if (typeof value === 'string' && value.length > 0) return value;
  if (typeof value === 'number') return String(value);
  throw new PlatformShapeError(`the answer has no ${what}`);
}
