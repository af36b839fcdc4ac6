import { PASSWORD_MIN_LENGTH } from '@stromwerk/contracts/limits';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

const byLocale = new Map<string, Map<string, Record<string, unknown>>>();
for (const [path, json] of Object.entries(files)) {
  const [, locale, file] = path.match(/^\.\/([^/]+)\/([^/]+)\.json$/) ?? [];
  if (!locale || !file) continue;
  if (!byLocale.has(locale)) byLocale.set(locale, new Map());
  byLocale.get(locale)?.set(file, json);
}

describe('locale files', () => {
  it('exist for English and German', () => {
    expect([...byLocale.keys()].sort()).toEqual(['de', 'en']);
  });

  it('have the same files in every locale', () => {
    const en = [...(byLocale.get('en')?.keys() ?? [])].sort();
    const de = [...(byLocale.get('de')?.keys() ?? [])].sort();
    expect(de).toEqual(en);
  });

  for (const file of byLocale.get('en')?.keys() ?? []) {
    it(`${file}.json has the same keys in en and de`, () => {
      const en = keysOf(byLocale.get('en')?.get(file)).sort();
      const de = keysOf(byLocale.get('de')?.get(file)).sort();
      const onlyEn = en.filter((key) => !de.includes(key));
      const onlyDe = de.filter((key) => !en.includes(key));
      expect({ onlyEn, onlyDe }).toEqual({ onlyEn: [], onlyDe: [] });
    });

    it(`${file}.json has no empty texts`, () => {
      for (const locale of ['en', 'de']) {
        const json = byLocale.get(locale)?.get(file);
        const empty = keysOf(json).filter((key) => {
          const value = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], json);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `${locale}/${file}`).toEqual([]);
      }
    });
  }

  it('keep the spec texts word for word in English', () => {
    const common = byLocale.get('en')?.get('common') as {
      validation: Record<string, string>;
      unsaved: Record<string, string>;
      app: Record<string, string>;
    };
    expect(common.validation).toMatchObject({
      required: 'Required',
      invalidEmail: 'Invalid email address',
      passwordsMismatch: "Passwords don't match",
    });
    // The number is the contract's (limits.ts), filled in when shown: the spec's text at today's 8.
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(common.validation.passwordLength?.replace('{{count}}', String(PASSWORD_MIN_LENGTH))).toBe(
      'The password must at least contain 8 characters',
    );
    expect(common.unsaved.title).toBe('You have unsaved changes!');
    expect(common.app.startupFailed).toBe('Something went wrong, please reload the app.');
    const tenancy = byLocale.get('en')?.get('tenancy') as {
      add: { failed: string };
      switcher: { noWorkspacesAtAll: string };
    };
    expect(tenancy.add.failed).toBe('Something went wrong on workspace creation!');
    expect(tenancy.switcher.noWorkspacesAtAll).toBe('No Workspaces available');
  });
});
