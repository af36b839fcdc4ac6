import { randomSecret } from '../../lib/secrets';
import type { ServerSettingsRepository } from './server-settings.repository';

/**
 * The server secret kept in the database, so every server process of a scale-out deployment accepts what
 * the others signed (media links, viewer tokens). Login sessions are rows of `sessions` (SessionsService).
 */
export class TokenService {
  private key: Uint8Array | undefined;

  constructor(private readonly settings: ServerSettingsRepository) {}

  /** The shared server secret; also signs media links (`media-links.ts`). */
  async secret(): Promise<Uint8Array> {
    if (this.key) return this.key;
    const secret = await this.settings.getOrInit('jwt_secret', randomSecret(48));
    this.key = new TextEncoder().encode(secret);
    return this.key;
  }
}
