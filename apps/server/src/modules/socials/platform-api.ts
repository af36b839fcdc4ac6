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
}

/**
 * GET against the app's configured API address only: the path comes from the descriptor, the base from the
 * configuration, redirects are refused (they could lead anywhere), and answers are read as JSON.
 */
export function apiGetter(app: OauthApp, accessToken: string): ApiGet {
  return async (path, query) => {
    const url = new URL(`${app.apiUrl}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    const res = await fetch(url, {
      headers: { ...app.apiHeaders, Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) throw new PlatformHttpError(res.status, text.slice(0, 500));
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new PlatformHttpError(res.status, 'not JSON');
    }
  };
}
