import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The browser imports these modules at run time (the route tables, value sets, limits, error catalogue);
// the login bundle must stay without zod, so neither they nor anything they import may load zod.
const src = resolve(import.meta.dirname, '../src');
const api = join(src, 'api');
const ZOD_FREE = [
  'values.ts',
  'limits.ts',
  'error-codes.ts',
  ...readdirSync(api)
    .filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.schemas.ts') && f !== 'all-schemas.ts' && f !== 'schemas.ts',
    )
    .map((f) => `api/${f}`),
];

/** Run-time imports of a module (`import type` is erased and does not count). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
}

/** Every package a module loads, following our own relative imports. */
function loads(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  return runtimeImports(file).flatMap((spec) =>
    spec.startsWith('.') ? loads(resolve(dirname(file), `${spec}.ts`), seen) : [spec],
  );
}

describe('zod-free contracts modules', () => {
  it.each(ZOD_FREE)('%s loads no zod', (file) => {
    expect(loads(join(src, file))).not.toContain('zod');
  });

  it('sees a zod import when there is one (the check can fail)', () => {
    expect(loads(join(src, 'api/sources.schemas.ts'))).toContain('zod');
    expect(loads(join(src, 'api/targets.schemas.ts'))).toContain('zod');
  });
});
