import type { ApiCall } from '../socials/networks/upload-spec';
import type { OauthApp } from '../socials/oauth-apps';
import { PlatformHttpError } from '../socials/platform-api';

const API_TIMEOUT_MS = 20_000;

/**
 * JSON calls against the app's configured API address only (the descriptor gives the path), with the
 * connection's bearer token; redirects are refused, errors become PlatformHttpError without the token.
 */
export function apiCaller(app: OauthApp, accessToken: string): ApiCall {
  return async (method, path, options = {}) => {
    const url = new URL(`${app.apiUrl}${path}`);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method,
      headers: {
        ...app.apiHeaders,
        Authorization: `Bearer ${accessToken}`,
        Accept: 'application/json',
        ...(options.json === undefined ? {} : { 'Content-Type': 'application/json; charset=UTF-8' }),
      },
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      redirect: 'error',
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) throw new PlatformHttpError(res.status, text.slice(0, 500));
    try {
      return text ? (JSON.parse(text) as unknown) : {};
    } catch {
      throw new PlatformHttpError(res.status, 'not JSON');
    }
  };
}
