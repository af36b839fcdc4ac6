import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { serverSettings } from '../../db/schema/identity';
import { randomSecret } from '../../lib/secrets';
import type { Db } from '../../plugins/db';

const SESSION_HOURS = 24 * 7;

export interface TokenClaims {
  userId: string;
  tokenVersion: number;
}

/**
 * Session tokens are JWTs signed with a secret kept in the database, so every server process of a
 * scale-out deployment accepts the tokens of the others.
 */
export class TokenService {
  private key: Uint8Array | undefined;

  constructor(private readonly db: Db) {}

  /** The shared server secret; also signs media links (`media-links.ts`). */
  async secret(): Promise<Uint8Array> {
    if (this.key) return this.key;
    await this.db
      .insert(serverSettings)
      .values({ key: 'jwt_secret', value: randomSecret(48) })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(serverSettings).where(eq(serverSettings.key, 'jwt_secret'));
    this.key = new TextEncoder().encode(row!.value);
    return this.key;
  }

  async issue(claims: TokenClaims): Promise<{ token: string; expiry: Date }> {
    const expiry = new Date(Date.now() + SESSION_HOURS * 3600_000);
    const token = await new SignJWT({ v: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiry.getTime() / 1000))
      .sign(await this.secret());
    return { token, expiry };
  }

  /** Returns null for anything that is not a valid, unexpired token of ours. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.secret(), { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.v !== 'number') return null;
      return { userId: payload.sub, tokenVersion: payload.v };
    } catch {
      return null;
    }
  }
}
