import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Security rule: an answer's own Content-Security-Policy goes through `setOwnPolicy`, which merges it into
 * the global policy. A route that set the header itself would replace the whole policy (no hook merges it
 * afterwards any more, issue 32), so only the security headers plugin names the header.
 */
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const ALLOWED = new Set(['plugins/security-headers.ts']);
const HEADER = /content-security-policy/i;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The lines of a source that name the header outside comments. */
function headerLines(source: string): number[] {
  const blank = (m: string) => m.replace(/[^\n]/g, ' ');
  const code = source.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/^\s*\/\/.*$/gm, blank);
  return code.split('\n').flatMap((line, i) => (HEADER.test(line) ? [i + 1] : []));
}

describe('own Content-Security-Policy', () => {
  it('the rule sees a header set in code and not one in a comment', () => {
    expect(
      headerLines("// sets content-security-policy\nreply.header('Content-Security-Policy', x);"),
    ).toEqual([2]);
  });

  it('no source but the security headers plugin sets the header', () => {
    const offenders = tsFiles(SRC)
      .map((file) => ({ file: relative(SRC, file), lines: headerLines(readFileSync(file, 'utf8')) }))
      .filter(({ file, lines }) => !ALLOWED.has(file) && lines.length > 0)
      .map(({ file, lines }) => `${file}:${lines.join(',')}`);
    expect(offenders).toEqual([]);
  });
});
