import type { Source, StreamEndpoint } from '@stromwerk/contracts/sources';
import type { Config } from '../../plugins/config';
import { type SourceRow, toSource } from './sources.repository';

/**
 * Where encoders send to: the configured address of the source's region (docs/operations.md, "Ingest
 * endpoints"); null for demo and re-live sources and for a region without an address, never a made-up one.
 * A WHIP source's is the server's own WHIP endpoint (PUBLIC_URL): WHIP comes over HTTPS, not an ingest port.
 */
export function ingestUrlOf(
  config: Pick<Config, 'ingestEndpoints' | 'publicUrl'>,
  row: Pick<SourceRow, 'type' | 'endpoint' | 'srtPort'>,
): string | null {
  if (row.type === 'whip') return `${config.publicUrl}/v1/whip`;
  const address = config.ingestEndpoints[row.endpoint as StreamEndpoint];
  if (!address) return null;
  if (row.type === 'rtmp' && address.protocol === 'rtmp') return address.base;
  if (row.type === 'srt' && address.protocol === 'srt' && row.srtPort)
    return `${address.base}:${row.srtPort}`;
  return null;
}

/** A source as the API and the live notifications show it (the live plane announces with it too). */
export const sourcePresenter =
  (config: Pick<Config, 'ingestEndpoints' | 'publicUrl'>) =>
  (row: SourceRow): Source =>
    toSource(row, ingestUrlOf(config, row));
