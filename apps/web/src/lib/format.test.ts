import { describe, expect, it } from 'vitest';
import { formatBytes, formatClock, formatTimeLeft } from './format';

describe('media formats', () => {
  it('writes sizes in decimal units of the locale', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(812_345, 'en')).toBe('812 kB');
    expect(formatBytes(4_200_000, 'de')).toBe('4,2 MB');
    expect(formatBytes(1_500_000_000, 'en')).toBe('1.5 GB');
    expect(formatBytes(12_345, 'en')).toBe('12.3 kB');
  });

  it('writes lengths as a clock', () => {
    expect(formatClock(4000)).toBe('0:04');
    expect(formatClock(725_000)).toBe('12:05');
    expect(formatClock(3_723_000)).toBe('1:02:03');
  });

  it('writes remaining time in words', () => {
    expect(formatTimeLeft(42, 'en')).toBe('42 seconds');
    expect(formatTimeLeft(170, 'de')).toBe('3 Minuten');
    expect(formatTimeLeft(3900, 'en')).toBe('1 hour 5 minutes');
  });
});
