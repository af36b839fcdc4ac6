import { describe, expect, it } from 'vitest';
import { resolveLocale } from './locale';

describe('resolveLocale (spec section 5)', () => {
  it('uses a supported stored choice', () => {
    expect(resolveLocale('de', ['en-US'])).toBe('de');
  });
  it('ignores an unsupported stored value and tries the browser languages', () => {
    expect(resolveLocale('fr', ['de-DE', 'en'])).toBe('de');
  });
  it('follows the browser order, each language in full and then without region', () => {
    expect(resolveLocale(null, ['fr-FR', 'en-GB', 'de'])).toBe('en');
    expect(resolveLocale(null, ['DE', 'en'])).toBe('de');
  });
  it('falls back to the language without its region', () => {
    expect(resolveLocale(null, ['de-AT'])).toBe('de');
  });
  it('defaults to English', () => {
    expect(resolveLocale(undefined, ['fr-FR', 'es'])).toBe('en');
    expect(resolveLocale(null, [])).toBe('en');
  });
});
