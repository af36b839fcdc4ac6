import { eq } from 'drizzle-orm';
import { serverSettings } from '../../db/schema/identity';
import { randomSecret } from '../../lib/secrets';
import type { Db } from '../../plugins/db';

/**
 * The server secret kept in the database, so every server process of a scale-out deployment accepts what
 * the others signed (media links, viewer tokens). Login sessions are rows of `sessions` (SessionsService).
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
}
