import { describe, expect, it } from 'vitest';

/**
 * Every literal key the code passes to `t()` exists in the English files (German is held to English by
 * locales.test.ts). Keys built at run time (template strings) are not seen here; their parts are
 * covered by the screens the e2e flows visit.
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../live/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
const english = import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });
const bundles = new Map(
  Object.entries(english).map(([path, json]) => [path.replace(/^\.\/en\/(.+)\.json$/, '$1'), json]),
);

function has(namespace: string, key: string): boolean {
  const root = bundles.get(namespace);
  const plain = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], root);
  if (typeof plain === 'string') return true;
  // Plural keys: `count` picks `<key>_one` / `<key>_other`.
  const parent = key.split('.').slice(0, -1);
  const last = key.split('.').at(-1);
  const node = parent.reduce<unknown>((n, part) => (n as Record<string, unknown>)?.[part], root) as
    | Record<string, unknown>
    | undefined;
  return typeof node?.[`${last}_other`] === 'string';
}

describe('translation keys used in the code', () => {
  for (const [path, source] of Object.entries(sources)) {
    const calls = [...source.matchAll(/\b(t|tNav)\(\s*'([^']+)'/g)];
    if (calls.length === 0) continue;
    it(path.replace(/^\.\.\//, ''), () => {
      const declared = source.match(/useTranslation\(\s*'([^']+)'/)?.[1] ?? 'common';
      const missing = calls
        .map(([, fn, key]) => {
          const [namespace, name] = key!.includes(':')
            ? key!.split(':')
            : [fn === 'tNav' ? 'navigation' : declared, key];
          return has(namespace!, name!) ? null : `${namespace}:${name}`;
        })
        .filter(Boolean);
      expect(missing).toEqual([]);
    });
  }
});
