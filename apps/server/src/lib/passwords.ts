import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, t=2): OWASP's recommended minimum.
export const hashPassword = (password: string) => hash(password);

const DUMMY_HASH = hash('timing-equaliser-password');

/** Verifies even when the user does not exist, so response time does not reveal which emails are registered. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await DUMMY_HASH), password);
  } catch {
    return false;
  }
}
