import { eq } from 'drizzle-orm';
import { serverSettings } from '../../db/schema/identity';
import type { Db } from '../../plugins/db';

/** Key/value settings every server process of a deployment shares. */
export class ServerSettingsRepository {
  constructor(private readonly db: Db) {}

  /** The stored value of `key`; `initial` is stored first when there is none (the first writer wins). */
  async getOrInit(key: string, initial: string) {
    await this.db.insert(serverSettings).values({ key, value: initial }).onConflictDoNothing();
    const [row] = await this.db.select().from(serverSettings).where(eq(serverSettings.key, key));
    return row!.value;
  }
}
