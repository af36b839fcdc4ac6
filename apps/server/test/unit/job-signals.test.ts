import { describe, expect, it } from 'vitest';
import { JobSignals } from '../../src/modules/jobs/job-signals';

describe('JobSignals', () => {
  it('reaches the worker only while it listens; with nobody listening a signal is a no-op', () => {
    const signals = new JobSignals();
    const seen: string[] = [];
    signals.kick();
    const stop = signals.listen({ kick: () => seen.push('kick'), abort: (id) => seen.push(`abort ${id}`) });
    signals.kick();
    signals.abort('j1');
    stop();
    signals.kick();
    expect(seen).toEqual(['kick', 'abort j1']);
  });
});
