import { describe, expect, it } from 'vitest';
import { decimalSeparator, formatDecimal, parseDecimal } from './decimal';

describe('decimal numbers by locale', () => {
  it('formats with the locale decimal mark and no grouping', () => {
    expect(formatDecimal(0.12, 'de')).toBe('0,12');
    expect(formatDecimal(0.12, 'en')).toBe('0.12');
    expect(formatDecimal(10008, 'de')).toBe('10008');
    expect(formatDecimal(-10.5, 'de')).toBe('-10,5');
    expect(formatDecimal(1 / 3, 'en', 2)).toBe('0.33');
    expect(decimalSeparator('de')).toBe(',');
  });
  it('reads a comma in German, a point in both, and nothing else', () => {
    expect(parseDecimal('0,5', 'de')).toBe(0.5);
    expect(parseDecimal(' 0.5 ', 'de')).toBe(0.5);
    expect(parseDecimal('-10', 'de')).toBe(-10);
    expect(parseDecimal('2.25', 'en')).toBe(2.25);
    expect(parseDecimal('0,5', 'en')).toBeNull();
    expect(parseDecimal('', 'en')).toBeNull();
    expect(parseDecimal('1e3', 'en')).toBeNull();
    expect(parseDecimal('abc', 'de')).toBeNull();
  });
});
