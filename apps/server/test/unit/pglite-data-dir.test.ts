import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePgliteDataDir } from '../../src/db/pglite-data-dir';

// A fresh DATA_DIR/db is copied from the build's template, made under another name and renamed into
// place; a folder that is already a database is left alone, and one holding files that are not is refused.
// (The template's own database, and creating one without it, run in serving-start.test.ts and
// pglite-create.test.ts.)
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function fixture() {
  const root = mkdtempSync(join(tmpdir(), 'sw-pgdir-'));
  dirs.push(root);
  const template = join(root, 'template');
  mkdirSync(join(template, 'base', '1'), { recursive: true });
  writeFileSync(join(template, 'PG_VERSION'), '17\n');
  writeFileSync(join(template, 'base', '1', '1259'), 'pages');
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  return { template, dataDir, db: join(dataDir, 'db') };
}
const options = (template: string) => ({ migrationsFolder: '/nowhere', settings: [], template });

describe('ensurePgliteDataDir', () => {
  it('copies the template into a fresh folder, and leaves a database that is there alone', async () => {
    const { template, dataDir, db } = fixture();
    expect(await ensurePgliteDataDir(db, options(template))).toBe('template');
    expect(readFileSync(join(db, 'base', '1', '1259'), 'utf8')).toBe('pages');
    expect(readdirSync(dataDir)).toEqual(['db']);

    writeFileSync(join(db, 'base', '1', '1259'), 'written since');
    expect(await ensurePgliteDataDir(db, options(template))).toBe('existing');
    expect(readFileSync(join(db, 'base', '1', '1259'), 'utf8')).toBe('written since');
    // The template is a copy's source, never written.
    expect(readFileSync(join(template, 'base', '1', '1259'), 'utf8')).toBe('pages');
  });

  it('replaces an empty folder and removes what a start killed half-way left', async () => {
    const { template, dataDir, db } = fixture();
    mkdirSync(db);
    mkdirSync(join(dataDir, 'db.new-4242', 'base'), { recursive: true });
    writeFileSync(join(dataDir, 'db.new-4242', 'base', 'half'), 'x');
    expect(await ensurePgliteDataDir(db, options(template))).toBe('template');
    expect(readdirSync(dataDir)).toEqual(['db']);
    expect(existsSync(join(db, 'PG_VERSION'))).toBe(true);
  });

  it('refuses a folder that holds files but no database, and keeps them', async () => {
    const { template, dataDir, db } = fixture();
    mkdirSync(db);
    writeFileSync(join(db, 'notes.txt'), 'mine');
    await expect(ensurePgliteDataDir(db, options(template))).rejects.toThrow(
      `${db} holds files but no database (no PG_VERSION)`,
    );
    expect(readFileSync(join(db, 'notes.txt'), 'utf8')).toBe('mine');
    expect(readdirSync(dataDir)).toEqual(['db']);
  });
});
