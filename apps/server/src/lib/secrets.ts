import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** High-entropy secrets (API keys, invitation codes, mailed tokens) are stored as SHA-256 only. */
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Compares two hashes in constant time. */
export const sameSecret = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Two strings equal, compared in time that depends on their length only (not on where they differ), and
 * without the two buffers `timingSafeEqual` needs: the session check of every authenticated request
 * compares the token's secret with the one its cached session was proven with (issue 32).
 */
export function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let differ = 0;
  for (let i = 0; i < a.length; i++) differ |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return differ === 0;
}
