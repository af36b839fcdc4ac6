/**
 * Where a viewer's request comes from: the embedding origin of a whitelisted player, and the headers a
 * browser sends about the page behind a request (which scripts in a browser cannot forge).
 */
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../plugins/auth';

/** `*.example.com` matches sub.example.com; `example.com` matches itself (any port unless one is given). */
export function originAllowed(origin: string, whitelist: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return whitelist.some((entry) => {
    const [name, port] = entry.split(':') as [string, string | undefined];
    if (port && url.port !== port) return false;
    return name.startsWith('*.') ? host.endsWith(name.slice(1)) : host === name;
  });
}

/**
 * What a browser tells about the page behind a request: the Origin header, the Referer, our Host; and
 * the signed-in caller when the request carries a login (a member's DVR playlist needs it).
 */
export interface RequestOrigin {
  origin?: string;
  referer?: string;
  host?: string;
  actor?: Actor | null;
}

export const originOf = (value: string | undefined): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

export const notAllowed = () =>
  new AppError('DOMAIN_NOT_ALLOWED', 'This player may not be embedded on this site');
