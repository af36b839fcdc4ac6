import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Architecture rule: `modules/<resource>/*.repository.ts` (and the infrastructure under `src/db/`) hold
 * the only Drizzle code. Services, routes, plugins and the rest call repository methods.
 */
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Files outside repositories allowed to use Drizzle, each with the reason. Keep this list short. */
const EXCEPTIONS: Record<string, string> = {
  'plugins/db.ts':
    'opens the database (PGlite or PostgreSQL drivers), runs the migrations and pings it with `select 1`: connection infrastructure, no resource queries',
};

const DRIZZLE_IMPORT = /\bfrom\s+['"]drizzle-orm(?:\/[^'"]*)?['"]|\bimport\s*\(\s*['"]drizzle-orm/g;
/** A query started on a database handle or transaction: `db.select(`, `this.db\n  .insert(`, `tx.update(`... */
const QUERY_CALL =
  /\b(?:this\.db|db|tx|trx|database\.db)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|transaction|query)\b\s*[(.]/g;

/** Comments may mention `db.select()`; blank them out, keeping line numbers. */
function withoutComments(source: string) {
  const blank = (m: string) => m.replace(/[^\n]/g, ' ');
  return source.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/^\s*\/\/.*$/gm, blank);
}

/** What breaks the rule in one file's text: `line: what`. */
function sqlViolations(source: string): string[] {
  const text = withoutComments(source);
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const found: string[] = [];
  for (const m of text.matchAll(DRIZZLE_IMPORT)) found.push(`${lineOf(m.index)}: imports drizzle-orm`);
  for (const m of text.matchAll(QUERY_CALL))
    found.push(`${lineOf(m.index)}: runs a query (${m[0].replace(/\s+/g, '')})`);
  return found;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const mayUseDrizzle = (rel: string) => rel.endsWith('.repository.ts') || rel.startsWith('db/');

describe('SQL lives in repositories', () => {
  it('finds imports of drizzle-orm and queries on a database handle', () => {
    expect(sqlViolations(`import { eq } from 'drizzle-orm';`)).toEqual(['1: imports drizzle-orm']);
    expect(sqlViolations(`import type { SQL } from "drizzle-orm/sql";`)).toHaveLength(1);
    expect(sqlViolations(`const r = await this.db\n  .select()\n  .from(users);`)).toEqual([
      '1: runs a query (this.db.select()',
    ]);
    expect(sqlViolations(`await tx.insert(users).values(v);`)).toHaveLength(1);
    expect(sqlViolations(`await db.transaction(async (tx) => {});`)).toHaveLength(1);
    // Repository methods and other objects' update() are not queries; neither are comments.
    expect(sqlViolations(`await this.repo.update(id, v);\nhash.update(x);`)).toEqual([]);
    expect(sqlViolations(`/** Runs db.select() in a transaction. */\n// tx.delete(x)`)).toEqual([]);
  });

  it('no file outside *.repository.ts and src/db/ uses Drizzle, but the listed exceptions', () => {
    const offenders: string[] = [];
    for (const file of tsFiles(SRC)) {
      const rel = relative(SRC, file).split('\\').join('/');
      if (mayUseDrizzle(rel) || rel in EXCEPTIONS) continue;
      for (const v of sqlViolations(readFileSync(file, 'utf8'))) offenders.push(`src/${rel}:${v}`);
    }
    expect(offenders, 'move these queries into a repository (modules/<resource>/*.repository.ts)').toEqual(
      [],
    );
  });

  it('lists only exceptions that still exist and still need to be exceptions', () => {
    for (const rel of Object.keys(EXCEPTIONS)) {
      const source = readFileSync(join(SRC, rel), 'utf8');
      expect(
        sqlViolations(source).length,
        `${rel} no longer uses Drizzle: drop its exception`,
      ).toBeGreaterThan(0);
    }
  });
});
