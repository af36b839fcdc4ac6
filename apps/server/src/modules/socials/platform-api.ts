import type { PlatformApi } from './networks/live-descriptor';
import type { ApiGet } from './networks/network';
import type { OauthApp } from './oauth-apps';

const API_TIMEOUT_MS = 10_000;

/** A network API answered with an error status; the message never holds a token. */
export class PlatformHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`The network answered ${status}`);
  }

  /** The network's own words for the error (Google and Graph: `error.message`; Helix: `message`). */
  get platformMessage(): string | null {
    try {
      const json = JSON.parse(this.body) as { error?: { message?: unknown } | string; message?: unknown };
      const text =
        (typeof json.error === 'object' ? json.error?.message : undefined) ??
        json.message ??
        (typeof json.error === 'string' ? json.error : undefined);
      return typeof text === 'string' ? text.slice(0, 300) : null;
    } catch {
      return null;
    }
  }
}

/**
 * Calls against the app's configured API address only: the path comes from the descriptor, the base from
 * the configuration, redirects are refused (they could lead anywhere), and answers are read as JSON.
 * `token` replaces the connection's token for one call (a Facebook page's own token).
 */
export function apiClient(app: OauthApp, accessToken: string): PlatformApi {
  const call = async (
    method: string,
    path: string,
    query?: Record<string, string>,
    body?: unknown,
    token = accessToken,
  ) => {
    const url = new URL(`${app.apiUrl}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method,
      headers: {
        ...app.apiHeaders,
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) throw new PlatformHttpError(res.status, text.slice(0, 2000));
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new PlatformHttpError(res.status, 'not JSON');
    }
  };
  return {
    get: (path, query, token) => call('GET', path, query, undefined, token),
    send: (method, path, query, body, token) => call(method, path, query, body, token),
  };
}

/** GET only: what a descriptor's "who am I" needs. */
export function apiGetter(app: OauthApp, accessToken: string): ApiGet {
  const api = apiClient(app, accessToken);
  return (path, query) => api.get(path, query);
}
