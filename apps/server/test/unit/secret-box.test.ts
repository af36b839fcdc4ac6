import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SecretBox, SecretUnreadableError } from '../../src/lib/secret-box';
import { KEY_FILE, secretBoxFor } from '../../src/modules/socials/social-secrets';
import { ConfigError, loadConfig } from '../../src/plugins/config';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('SecretBox (AES-256-GCM for social secrets)', () => {
  const key = randomBytes(32);
  const box = new SecretBox(key);
  const value = { kind: 'oauth', tokens: { accessToken: 'at-123', refreshToken: 'rt-456' } };

  it('opens what it sealed, and the sealed bytes do not contain the secret', () => {
    const sealed = box.seal(value, 'social:a');
    expect(box.open(sealed, 'social:a')).toEqual(value);
    expect(sealed.toString('latin1')).not.toContain('at-123');
    // A fresh IV per seal: the same value never seals to the same bytes.
    expect(box.seal(value, 'social:a').equals(sealed)).toBe(false);
  });

  it('refuses an altered value, another row and another key', () => {
    const sealed = box.seal(value, 'social:a');
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => box.open(tampered, 'social:a')).toThrow(SecretUnreadableError);
    expect(() => box.open(sealed, 'social:b')).toThrow(SecretUnreadableError);
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'social:a')).toThrow(SecretUnreadableError);
    expect(() => box.open(sealed.subarray(0, 10), 'social:a')).toThrow(SecretUnreadableError);
  });

  it('SECRETS_KEY must be 32 bytes (hex or base64), named in one line', () => {
    expect(loadConfig({ SECRETS_KEY: key.toString('hex') }).secretsKey?.equals(key)).toBe(true);
    expect(loadConfig({ SECRETS_KEY: key.toString('base64') }).secretsKey?.equals(key)).toBe(true);
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY=.*32 bytes/);
  });

  it('embedded installs keep a generated key in DATA_DIR (owner-only), the same on every start', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sw-key-'));
    dirs.push(dataDir);
    const first = secretBoxFor(loadConfig({ DATA_DIR: dataDir }))!;
    const sealed = first.seal('pw', 'social:x');
    expect(statSync(join(dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);
    const second = secretBoxFor(loadConfig({ DATA_DIR: dataDir }))!;
    expect(second.open(sealed, 'social:x')).toBe('pw');
    expect(readFileSync(join(dataDir, KEY_FILE), 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    // With PostgreSQL several processes share the secrets: only SECRETS_KEY will do.
    expect(
      secretBoxFor(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@127.0.0.1/db' })),
    ).toBeUndefined();
  });
});
