import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SecretBox, SecretUnreadableError } from '../../lib/secret-box';
import { type Config, ConfigError, secretsKeyBytes } from '../../plugins/config';
import { secretContext } from './social-view';
import type { SocialsRepository } from './socials.repository';

export const KEY_FILE = 'secrets.key';

/**
 * The key that seals social secrets. SECRETS_KEY when set. Without it, an embedded install (PGlite, one
 * process) keeps a generated key in DATA_DIR/secrets.key, readable by the server's user only, so
 * `npm start` needs no setting; it lives beside the database, not in it, so a database dump alone does
 * not open the secrets. With DATABASE_URL several processes must share one key, so only SECRETS_KEY will
 * do: without it, connections cannot be saved (and start-up refuses once some exist).
 */
export function secretBoxFor(config: Config): SecretBox | undefined {
  if (config.secretsKey) return new SecretBox(config.secretsKey);
  if (config.databaseUrl) return undefined;
  const file = join(config.dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  const key = secretsKeyBytes(readFileSync(file, 'utf8').trim());
  if (!key) throw new ConfigError(`Invalid ${file}: it must hold a 32-byte key (64 hex digits)`);
  return new SecretBox(key);
}

/**
 * Start-up: refuse to run when stored secrets exist but cannot be opened (no key, or another key), in one
 * line that says what to do. Checked on one sealed value: all are sealed with the same key.
 */
export async function assertSecretsReadable(box: SecretBox | undefined, repo: SocialsRepository) {
  const { sample, total } = await repo.sealedSample();
  if (!sample?.secret) return;
  if (!box)
    throw new ConfigError(
      `SECRETS_KEY is not set, but ${total} social connection(s) hold sealed secrets: set SECRETS_KEY to the key they were sealed with`,
    );
  try {
    box.open(Buffer.from(sample.secret, 'base64'), secretContext(sample.id));
  } catch (e) {
    if (!(e instanceof SecretUnreadableError)) throw e;
    throw new ConfigError(
      `SECRETS_KEY (fingerprint ${box.fingerprint}) does not open the stored social secrets: set the key they were sealed with`,
    );
  }
}
