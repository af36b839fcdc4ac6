import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** High-entropy secrets (API keys, invitation codes, mailed tokens) are stored as SHA-256 only. */
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Compares two hashes in constant time. */
export const sameSecret = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
