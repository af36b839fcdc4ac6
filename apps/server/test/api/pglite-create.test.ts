import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ensurePgliteDataDir } from '../../src/db/pglite-data-dir';
import { migrationsFolder, openDatabase } from '../../src/plugins/db';

// An embedded database made without the build's template (a server run from its sources before any build)
// is created and migrated by pglite-init.mjs in a process of its own; made into a template, a copy of it
// opens as a database of its own with every migration applied, as a fresh DATA_DIR of a built server does.
const root = mkdtempSync(join(tmpdir(), 'sw-pgcreate-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const migrationsApplied = async (dir: string) => {
  const database = await openDatabase({ pgliteDir: dir });
  try {
    const applied = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    const sequence = await database.db.execute(sql`SELECT nextval('live_lease_tokens') AS token`);
    return {
      applied: (applied.rows[0] as { n: number }).n,
      token: Number((sequence.rows[0] as { token: string }).token),
    };
  } finally {
    await database.close();
  }
};

describe('creating the embedded database', () => {
  it('creates and migrates one in a process of its own, and a copy of it is a database of its own', async () => {
    const made = join(root, 'made');
    expect(await ensurePgliteDataDir(made, { migrationsFolder, settings: [], template: null })).toBe(
      'created',
    );
    const journal = readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql')).length;
    expect(await migrationsApplied(made)).toEqual({ applied: journal, token: 1 });

    const copy = join(root, 'copy');
    expect(await ensurePgliteDataDir(copy, { migrationsFolder, settings: [], template: made })).toBe(
      'template',
    );
    // The copy was taken after the original drew a token: it continues from there, on its own.
    expect(await migrationsApplied(copy)).toEqual({ applied: journal, token: 2 });
    expect(await migrationsApplied(made)).toEqual({ applied: journal, token: 2 });
    // Nothing half-made is left beside them.
    expect(readdirSync(root).filter((name) => name.includes('.new-'))).toEqual([]);
  }, 60_000);
});
