import { describe, expect, it } from 'vitest';
import type { UsageRepository } from '../../src/modules/usage/usage.repository';
import type { UsageCountersRepository } from '../../src/modules/usage/usage-counters.repository';
import { type LimitWarning, UsageLimits } from '../../src/modules/usage/usage-limits';

/** In-memory stand-ins: one corporation with a render quota, a used total, and the alert rows. */
function limitsWith(used: { seconds: number }, warn: LimitWarning) {
  const alerts = new Set<string>();
  const quotas = {
    quotaOf: async () => ({ maxRenderMinutesPerMonth: 10 }),
  } as unknown as UsageRepository;
  const counters = {
    total: async (_c: string, metric: string) => (metric === 'render_seconds' ? used.seconds : 0),
    claimAlert: async (c: string, metric: string, period: string, level: number) => {
      const key = `${c}/${metric}/${period}/${level}`;
      if (alerts.has(key)) return false;
      alerts.add(key);
      return true;
    },
  } as unknown as UsageCountersRepository;
  return new UsageLimits(quotas, counters, warn);
}

describe('UsageLimits.check', () => {
  it('resolves only after an earlier check of the same corporation has stored its warnings', async () => {
    const stored: number[] = [];
    let release: () => void = () => undefined;
    const slowStore = new Promise<void>((resolve) => {
      release = resolve;
    });
    const used = { seconds: 500 }; // 83 %: the 80 % warning is stored at once
    const limits = limitsWith(used, async ({ level }) => {
      if (level === 100) await slowStore; // the notification insert and the mail take a while
      stored.push(level);
    });
    await limits.check('corp-1');
    used.seconds = 610;
    const flushCheck = limits.check('corp-1'); // wins the 100 % alert row, then stores slowly
    let secondDone = false;
    const second = limits.check('corp-1').then(() => {
      secondDone = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(secondDone).toBe(false); // waits for the first instead of returning with nothing stored
    release();
    await second;
    expect(stored).toEqual([80, 100]);
    await flushCheck;
    expect(stored).toHaveLength(2); // each level warned once
    expect(limits.liveRefused('corp-1')).toBe(false); // render minutes are over, live hours have no limit
  });

  it('a failed check does not block the next one', async () => {
    let fail = true;
    const levels: number[] = [];
    const limits = limitsWith({ seconds: 500 }, async ({ level }) => {
      if (fail) throw new Error('mail server down');
      levels.push(level);
    });
    await expect(limits.check('corp-1')).rejects.toThrow('mail server down');
    fail = false;
    await expect(limits.check('corp-1')).resolves.toBeUndefined();
    expect(limits.liveRefused('corp-1')).toBe(false);
  });

  it('checks of different corporations do not wait for each other', async () => {
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const limits = limitsWith({ seconds: 610 }, async ({ corporationId }) => {
      if (corporationId === 'corp-1') await blocked;
    });
    const first = limits.check('corp-1');
    await expect(limits.check('corp-2')).resolves.toBeUndefined();
    release();
    await first;
  });
});
