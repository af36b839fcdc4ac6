import type { StreamEndpoint } from '@stromwerk/contracts/sources';
import type { FastifyBaseLogger } from 'fastify';
import { type Placement, servedRegions, servesRegion } from '../../plugins/placement-config';
import type { SourceRow } from '../sources/sources.repository';

/**
 * Which sources this media process takes (issue 19, ingest placement): an encoder's publish only when the
 * source's ingest region is one of INGEST_REGION's, and an SRT listener only on a process of Europe (SRT).
 * Demo and re-live sources have no encoder and no region to keep: any media process may run them (their
 * lease picks one). A WHIP publisher comes over HTTP to whichever process answers its offer.
 */
export class RegionGate {
  /** Sources already refused, so a reconnecting encoder does not fill the log. */
  private readonly refusedLately = new Map<string, number>();

  constructor(
    private readonly placement: Placement | undefined,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** The region an encoder's publish of this source comes through; none for demo and re-live. */
  private regionOf(row: Pick<SourceRow, 'type' | 'endpoint'>): StreamEndpoint | undefined {
    if (row.type === 'srt') return 'europe-srt';
    return row.type === 'rtmp' ? (row.endpoint as StreamEndpoint) : undefined;
  }

  private serves(region: StreamEndpoint | undefined) {
    return !this.placement || region === undefined || servesRegion(this.placement, region);
  }

  /** May a publish of this source begin here; a refusal is logged with both regions. */
  accepts(row: Pick<SourceRow, 'id' | 'type' | 'endpoint'>): boolean {
    const region = this.regionOf(row);
    if (this.serves(region)) return true;
    const now = Date.now();
    if (now - (this.refusedLately.get(row.id) ?? 0) > 60_000) {
      this.refusedLately.set(row.id, now);
      const served = servedRegions(this.placement!);
      this.log.warn(
        { sourceId: row.id, sourceRegion: region, servedRegions: served },
        `publish refused: the source's ingest region is ${region}, this process serves ${served.join(', ') || 'no region'} (INGEST_REGION)`,
      );
    }
    return false;
  }

  /** Whether this process may run the source's publisher process (the SRT listener of an SRT source). */
  runsPublisher(row: Pick<SourceRow, 'type' | 'endpoint'>): boolean {
    return this.serves(this.regionOf(row));
  }
}
