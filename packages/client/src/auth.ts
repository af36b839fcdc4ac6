/** A session gives a bearer token; an API key is sent with the `Token` scheme (spec section 7). */
export type Auth = { bearer: string } | { apiKey: string };

/** Read on every call, so the web app can log in and out without rebuilding the client. */
export type AuthGetter = () => Auth | null | undefined;

export function authorizationHeader(auth: Auth | null | undefined): string | undefined {
  if (!auth) return undefined;
  if ('bearer' in auth) return auth.bearer ? `Bearer ${auth.bearer}` : undefined;
  return auth.apiKey ? `Token ${auth.apiKey}` : undefined;
}
