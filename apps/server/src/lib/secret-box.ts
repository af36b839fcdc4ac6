import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (issue 20): OAuth tokens, FTP passwords and stream keys are sealed with AES-256-GCM under
 * SECRETS_KEY before they reach the database. A sealed value is `version (1) | iv (12) | tag (16) |
 * ciphertext`; the caller's context (the row it belongs to) is authenticated with it, so a value moved to
 * another row, altered in place, or opened with another key is refused rather than misread.
 */
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretUnreadableError extends Error {
  constructor() {
    super(
      'A stored secret could not be opened: SECRETS_KEY differs from the key it was sealed with, or the value was altered',
    );
  }
}

export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes');
    this.key = Buffer.from(key);
  }

  /** A short public fingerprint of the key (logs, diagnostics): not enough to learn anything about it. */
  get fingerprint(): string {
    return createHash('sha256').update('stromwerk-secrets').update(this.key).digest('hex').slice(0, 12);
  }

  seal(value: unknown, context: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
  }

  open<T>(sealed: Uint8Array, context: string): T {
    const buf = Buffer.from(sealed);
    if (buf.length < 1 + IV_BYTES + TAG_BYTES || buf[0] !== VERSION) throw new SecretUnreadableError();
    const iv = buf.subarray(1, 1 + IV_BYTES);
    const tag = buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(tag);
      const plain = Buffer.concat([
        decipher.update(buf.subarray(1 + IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
      return JSON.parse(plain.toString('utf8')) as T;
    } catch {
      throw new SecretUnreadableError();
    }
  }
}
