import { lookup } from 'node:dns/promises';
import type { TargetSettings } from '@stromwerk/contracts/targets';
import ipaddr from 'ipaddr.js';

/**
 * Where a target may push (issue 10, finding 5): only public unicast addresses unless the operator sets
 * TARGET_ALLOW_PRIVATE. Loopback, link-local, private, carrier-grade NAT, multicast, reserved ranges and
 * IPv4-mapped IPv6 forms of them are refused, so a target cannot reach services inside the server's
 * network. Checked when a target is saved and again right before every connection attempt (DNS answers
 * may change between the two).
 */

/** The message users see for any failure to reach a receiver: it must not tell open from closed ports. */
export const RECEIVER_UNREACHABLE = 'Could not connect to the receiver';
export const PRIVATE_REFUSED =
  'Targets may only send to public internet addresses, not to local or private networks';

const LOOKUP_TIMEOUT_MS = 3000;

export interface TargetEndpoint {
  host: string;
  /** The field that names the host, for 400 answers. */
  field: 'settings.url' | 'settings.host';
}

/** Host of a target's receiver (without IPv6 brackets). */
export function endpointOf(settings: TargetSettings): TargetEndpoint {
  if (settings.type === 'srt') return { host: unbracket(settings.host), field: 'settings.host' };
  // A platform target's receiver is the ingest its platform answers (checked by social-live.service.ts).
  if (!('url' in settings)) throw new Error(`A ${settings.type} target has no receiver of its own`);
  const m = settings.url.trim().match(/^[a-z][a-z0-9+.-]*:\/\/(?:[^@/\s]*@)?(\[[^\]]*\]|[^:/\s]+)/i);
  return { host: unbracket(m?.[1] ?? ''), field: 'settings.url' };
}

const unbracket = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** True only for globally routable unicast addresses (IPv4-mapped IPv6 is judged as the IPv4 inside). */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return ipaddr.process(ip).range() === 'unicast';
}

export class TargetAddressError extends Error {
  constructor(
    message: string,
    /** false: the name did not resolve (may work later); true: it resolved to a refused address. */
    readonly refused: boolean,
  ) {
    super(message);
  }
}

/** Every address a host name resolves to; an IP literal is its own answer. */
export async function resolveAll(host: string): Promise<string[]> {
  if (ipaddr.isValid(host)) return [host];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_TIMEOUT_MS);
  });
  try {
    const answers = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    return answers.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Resolves the host and refuses it when any address is not public. Returns the addresses (the first is
 * the one to connect to). Throws TargetAddressError: refused, or not resolvable.
 */
export async function publicAddresses(host: string): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = await resolveAll(host);
  } catch {
    throw new TargetAddressError('Host name could not be resolved', false);
  }
  if (addresses.length === 0) throw new TargetAddressError('Host name could not be resolved', false);
  if (!addresses.every(isPublicAddress)) throw new TargetAddressError(PRIVATE_REFUSED, true);
  return addresses;
}
