import type { Readiness } from '@stromwerk/contracts/health';
import type { MediaState } from '@stromwerk/media/media-runtime';

/** What readiness is decided from, gathered by the health routes. */
export interface ReadinessFacts {
  role: Readiness['role'];
  /** Several processes share a PostgreSQL database. */
  cluster: boolean;
  database: boolean;
  broker: { ok: boolean; message?: string };
  media: { state: MediaState; message?: string };
  /** The live plane runs in this process (off in some tests). */
  live: boolean;
  /** The lock session that holds this process's leases is connected. */
  lockSession: boolean;
  /** This process's RTMP ingest is listening. */
  ingest: boolean;
  /** The start-up work after listening (start-work.ts: live plane, jobs) is done. */
  started: boolean;
}

/**
 * Whether this process can do its role's work now, and if not why (issue 29): the balancer in front of
 * HTTP and RTMP sends nothing to a process that is not ready. A media process without working ffmpeg is
 * not ready (it takes no stream and no job); an API process needs no ffmpeg. A single process without
 * ffmpeg is ready (degraded: health says which media features are off) so the product still serves.
 */
export function readiness(f: ReadinessFacts): Readiness {
  const reasons: string[] = [];
  if (!f.started) reasons.push('still starting: the live plane and the job worker are not running yet');
  if (!f.database) reasons.push('the database is unreachable');
  if (!f.broker.ok)
    reasons.push(`the notification broker is unreachable${f.broker.message ? `: ${f.broker.message}` : ''}`);
  if (f.role !== 'api') {
    if (f.media.state === 'detecting')
      reasons.push(`ffmpeg is still being detected${f.media.message ? ` (${f.media.message})` : ''}`);
    if (f.media.state === 'absent' && (f.role === 'media' || f.cluster))
      reasons.push('ffmpeg not found: this process cannot stream or run media jobs');
    if (f.live && f.media.state === 'ready' && !f.ingest) reasons.push('the RTMP ingest is not running');
  }
  if (f.live && f.cluster && !f.lockSession)
    reasons.push('the live lock session is down: this process holds no stream');
  return { ready: reasons.length === 0, role: f.role, reasons };
}
