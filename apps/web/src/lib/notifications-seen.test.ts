import { beforeEach, describe, expect, it } from 'vitest';
import { relativeParts } from './format';
import { countUnread, markNotificationsSeen, newestTime, notificationsSeenKey } from './notifications-seen';

describe('notifications seen mark', () => {
  beforeEach(() => localStorage.clear());

  it('counts what is newer than the mark, and the mark only moves forward, per user', () => {
    const items = [
      { createdAt: '2026-01-01T10:00:00.000Z' },
      { createdAt: new Date('2026-01-01T11:00:00Z') },
    ];
    expect(countUnread(items, 0)).toBe(2);
    expect(newestTime(items)).toBe(Date.parse('2026-01-01T11:00:00Z'));
    markNotificationsSeen('u1', Date.parse('2026-01-01T10:00:00Z'));
    markNotificationsSeen('u1', Date.parse('2026-01-01T09:00:00Z'));
    const seen = Number(localStorage.getItem(notificationsSeenKey('u1')));
    expect(seen).toBe(Date.parse('2026-01-01T10:00:00Z'));
    expect(countUnread(items, seen)).toBe(1);
    expect(localStorage.getItem(notificationsSeenKey('u2'))).toBeNull();
  });
});

describe('relativeParts', () => {
  it('picks the largest unit that fits', () => {
    expect(relativeParts(-3_000)).toEqual([0, 'second']);
    expect(relativeParts(-45_000)).toEqual([-45, 'second']);
    expect(relativeParts(-5 * 60_000)).toEqual([-5, 'minute']);
    expect(relativeParts(-3 * 3600_000)).toEqual([-3, 'hour']);
    expect(relativeParts(-26 * 3600_000)).toEqual([-1, 'day']);
  });
});
