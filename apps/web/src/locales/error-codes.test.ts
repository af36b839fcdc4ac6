import { errorCodes } from '@stromwerk/contracts/error-codes';
import { describe, expect, it } from 'vitest';
import deCommon from './de/common.json';
import enCommon from './en/common.json';

/** Every code of the error catalogue has a text in every language (common.json, `errors.<CODE>`). */
const texts: Record<string, Record<string, unknown>> = { en: enCommon.errors, de: deCommon.errors };

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

  it('German texts are not copied English', () => {
    const same = errorCodes.filter((code) => texts.en![code] === texts.de![code]);
    expect(same).toEqual([]);
  });
});
