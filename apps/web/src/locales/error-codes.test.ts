import { errorCodes } from '@stromwerk/contracts/error-codes';
import { describe, expect, it } from 'vitest';
import deCommon from './de/common.json';
import deErrors from './de/errors.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';

/**
 * Every code of the error catalogue has a text in every language: in the bundled common.json
 * (`errors.<CODE>`, what a guest can meet) or in errors.json (the rest), not in both.
 */
const texts: Record<string, Record<string, unknown>> = {
  en: { ...enCommon.errors, ...enErrors },
  de: { ...deCommon.errors, ...deErrors },
};

describe('error code texts', () => {
  for (const [locale, errors] of Object.entries(texts)) {
    it(`${locale} translates every code of the catalogue`, () => {
      const missing = errorCodes.filter((code) => {
        const text = errors[code];
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(missing).toEqual([]);
    });

    it(`${locale} has no text for a code the catalogue dropped`, () => {
      const stale = Object.keys(errors).filter(
        (key) => /^[A-Z_]+$/.test(key) && !(errorCodes as readonly string[]).includes(key),
      );
      expect(stale).toEqual([]);
    });
  }

  it('keeps each code in one file only', () => {
    const both = Object.keys(enErrors).filter((code) => code in enCommon.errors);
    expect(both).toEqual([]);
    expect(Object.keys(deErrors).sort()).toEqual(Object.keys(enErrors).sort());
  });

  it('German texts are not copied English', () => {
    const same = errorCodes.filter((code) => texts.en![code] === texts.de![code]);
    expect(same).toEqual([]);
  });
});
