import { API_TIMEOUT_MS } from '@stromwerk/contracts/limits';
import { type AuthGetter, authorizationHeader } from './auth';
import type { Revived } from './dates';
import { deadline } from './deadline';
import { type QueryParams, toQueryString } from './query-string';
import { isRedirect, settle } from './response';

export interface ClientOptions {
  /** Origin (and optional prefix) the API lives under; '' means the page's own origin in a browser. */
  baseUrl?: string;
  auth?: AuthGetter;
  /** Default time-out per call in ms (spec: 60000); `false` disables it. */
  timeout?: number | false;
  /** Injectable for tests and for runtimes with their own fetch. */
  fetch?: typeof fetch;
}

interface CallOptions {
  /** Route path below /v1, for example `/users/123`. */
  path: string;
  timeout?: number | false;
  signal?: AbortSignal;
}

/** Per-call extras every resource function accepts last (React Query passes its `signal`). */
export type CallOpts = Pick<CallOptions, 'signal' | 'timeout'>;

// Spec section 7: GET, DELETE and PUT carry their payload as query parameters; PUT and POST carry a body.
export type RequestOptions = CallOptions &
  (
    | { method: 'GET' | 'DELETE'; query?: QueryParams; body?: never }
    | { method: 'PUT'; query?: QueryParams; body?: unknown }
    | { method: 'POST'; query?: never; body?: unknown }
  );

export interface HttpCore {
  request<T>(options: RequestOptions): Promise<Revived<T>>;
  /** Absolute URL of a /v1 route. */
  url(path: string, query?: QueryParams): string;
  /** Authorization header for a URL; only sent to the API's own origin. */
  authorization(url: string): string | undefined;
  /** The GET that follows a redirect; `target` is already absolute. */
  follow<T>(target: string, signal?: AbortSignal): Promise<Revived<T>>;
  /**
   * A non-JSON answer (an image, a file, a rendered preview) as a Blob: a GET unless `call` names another
   * method, with its query and JSON body; failures map like `request`.
   */
  blob(path: string, opts?: CallOpts, call?: BlobCall): Promise<Blob>;
}

export interface BlobCall {
  method?: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

function pageHref(): string | undefined {
  return (globalThis as { location?: { href?: string } }).location?.href;
}

export function createHttp(options: ClientOptions = {}): HttpCore {
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');
  const defaultTimeout = options.timeout ?? API_TIMEOUT_MS;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function url(path: string, query?: QueryParams): string {
    const qs = toQueryString(query);
    const relative = `${base}/v1${path}${qs ? `?${qs}` : ''}`;
    try {
      return new URL(relative, pageHref()).href;
    } catch {
      throw new TypeError(
        `@stromwerk/client: baseUrl must be an absolute URL outside a browser (got '${base}')`,
      );
    }
  }

  const apiOrigin = (target: string) => new URL(url('')).origin === new URL(target).origin;

  function authorization(target: string): string | undefined {
    // A redirect may point elsewhere; the token must not travel to another origin.
    return apiOrigin(target) ? authorizationHeader(options.auth?.()) : undefined;
  }

  function headersFor(target: string, json: boolean): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const auth = authorization(target);
    if (auth) headers.Authorization = auth;
    if (json) headers['Content-Type'] = 'application/json';
    return headers;
  }

  async function followRaw<T>(target: string, signal?: AbortSignal): Promise<Revived<T>> {
    // The platform follows any further hops itself; only the first answer needs our GET rule.
    const response = await doFetch(target, {
      method: 'GET',
      headers: headersFor(target, false),
      credentials: 'include',
      redirect: 'follow',
      signal,
    });
    return settle<T>(response.status, await response.text());
  }

  function redirectTarget(response: Response, requested: string): string | undefined {
    // Browsers hide a manual redirect's Location (opaqueredirect, status 0): re-issue a GET to the same
    // URL with redirect 'follow' so the browser itself goes where the server pointed.
    if (response.type === 'opaqueredirect') return response.url || requested;
    const location = isRedirect(response.status) ? response.headers.get('location') : null;
    return location ? new URL(location, response.url || requested).href : undefined;
  }

  async function request<T>(call: RequestOptions): Promise<Revived<T>> {
    const target = url(call.path, call.query);
    const hasBody = call.body !== undefined;
    const limit = deadline(call.timeout ?? defaultTimeout, call.signal);
    try {
      const response = await doFetch(target, {
        method: call.method,
        headers: headersFor(target, hasBody),
        body: hasBody ? JSON.stringify(call.body) : undefined,
        credentials: 'include',
        // Spec section 7: ask not to be redirected; a redirect is answered with a GET of our own.
        redirect: 'manual',
        signal: limit.signal,
      });
      const next = redirectTarget(response, target);
      if (next) {
        // Free the connection held by the unread redirect body before the second request.
        await response.body?.cancel().catch(() => undefined);
        return await followRaw<T>(next, limit.signal);
      }
      return settle<T>(response.status, await response.text());
    } catch (error) {
      throw limit.failure(error);
    } finally {
      limit.clear();
    }
  }

  // For transports outside `request` (uploads): same GET, failures mapped, no time-out.
  async function follow<T>(target: string, signal?: AbortSignal): Promise<Revived<T>> {
    const limit = deadline(false, signal);
    try {
      return await followRaw<T>(target, limit.signal);
    } catch (error) {
      throw limit.failure(error);
    } finally {
      limit.clear();
    }
  }

  async function blob(path: string, opts: CallOpts = {}, call: BlobCall = {}): Promise<Blob> {
    const target = url(path, call.query as RequestOptions['query']);
    const hasBody = call.body !== undefined;
    const limit = deadline(opts.timeout ?? defaultTimeout, opts.signal);
    try {
      const response = await doFetch(target, {
        method: call.method ?? 'GET',
        headers: { ...headersFor(target, hasBody), Accept: '*/*' },
        body: hasBody ? JSON.stringify(call.body) : undefined,
        credentials: 'include',
        redirect: 'follow',
        signal: limit.signal,
      });
      if (!response.ok) settle(response.status, await response.text());
      return await response.blob();
    } catch (error) {
      throw limit.failure(error);
    } finally {
      limit.clear();
    }
  }

  return { request, url, authorization, follow, blob };
}
