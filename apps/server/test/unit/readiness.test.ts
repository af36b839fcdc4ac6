import { describe, expect, it } from 'vitest';
import { type ReadinessFacts, readiness } from '../../src/modules/health/readiness';

const well: ReadinessFacts = {
  role: 'media',
  cluster: true,
  database: true,
  broker: { ok: true },
  media: { state: 'ready' },
  live: true,
  lockSession: true,
  ingest: true,
  started: true,
};

describe('readiness (issue 29: a balancer sends nothing to a process that cannot do its work)', () => {
  it('is ready when every part works', () => {
    expect(readiness(well)).toEqual({ ready: true, role: 'media', reasons: [] });
  });

  it('a media process is not ready while ffmpeg is detected, nor without ffmpeg', () => {
    const detecting = readiness({ ...well, media: { state: 'detecting', message: 'round 2 timed out' } });
    expect(detecting.ready).toBe(false);
    expect(detecting.reasons).toEqual(['ffmpeg is still being detected (round 2 timed out)']);
    expect(readiness({ ...well, media: { state: 'absent' } }).reasons[0]).toContain('ffmpeg not found');
  });

  it('is not ready until the start-up work after listening is done (issue 32)', () => {
    expect(readiness({ ...well, started: false }).reasons).toEqual([
      'still starting: the live plane and the job worker are not running yet',
    ]);
  });

  it('an API process needs no ffmpeg and no ingest', () => {
    expect(readiness({ ...well, role: 'api', media: { state: 'absent' }, ingest: false }).ready).toBe(true);
  });

  it('a single process without ffmpeg still serves (degraded), not while detecting', () => {
    const single = { ...well, role: 'all' as const, cluster: false, ingest: false };
    expect(readiness({ ...single, media: { state: 'absent' } }).ready).toBe(true);
    expect(readiness({ ...single, media: { state: 'detecting' } }).ready).toBe(false);
  });

  it('names every other cause', () => {
    const r = readiness({
      ...well,
      database: false,
      broker: { ok: false, message: 'ECONNREFUSED' },
      lockSession: false,
      ingest: false,
    });
    expect(r.reasons).toEqual([
      'the database is unreachable',
      'the notification broker is unreachable: ECONNREFUSED',
      'the RTMP ingest is not running',
      'the live lock session is down: this process holds no stream',
    ]);
  });
});
