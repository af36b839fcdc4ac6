import { describe, expect, it } from 'vitest';
import { Lifecycle } from '../../src/lib/lifecycle';

describe('Lifecycle', () => {
  it('stops what started in the reverse order, once, going on past a failed stop', async () => {
    const logged: string[] = [];
    const running = new Lifecycle({ error: (_o, m) => void logged.push(m) });
    const stopped: string[] = [];
    running.started('broker', () => void stopped.push('broker'));
    running.started('meter', async () => {
      await new Promise((r) => setTimeout(r, 5));
      stopped.push('meter');
    });
    running.started('live plane', () => {
      throw new Error('stuck');
    });
    running.started('job worker', () => void stopped.push('job worker'));
    await running.stop();
    expect(stopped).toEqual(['job worker', 'meter', 'broker']);
    expect(logged).toEqual(['stopping live plane failed']);
    await running.stop();
    expect(stopped).toHaveLength(3);
  });
});
