import { STREAM_ENDPOINTS } from '@stromwerk/contracts/limits';
import type { StreamEndpoint } from '@stromwerk/contracts/sources';

/**
 * Public ingest addresses per region (issue 13.3). A region is either served by this process (its address
 * is built from PUBLIC_URL's host, RTMP_PORT and each SRT source's own port), given a public address by
 * INGEST_URL_<REGION> (the region's media processes in a role split), or not configured: then sources of
 * that region show no address at all.
 */
export type IngestEndpoints = Partial<Record<StreamEndpoint, IngestAddress>>;
/** RTMP: the server URL encoders send to (key appended). SRT: `srt://host`, the source's port is appended. */
export interface IngestAddress {
  protocol: 'rtmp' | 'srt';
  base: string;
}

export const ENDPOINT_PROTOCOL: Record<StreamEndpoint, 'rtmp' | 'srt'> = {
  europe: 'rtmp',
  'us-west': 'rtmp',
  'europe-srt': 'srt',
};
export const ingestUrlVar = (endpoint: StreamEndpoint) =>
  `INGEST_URL_${endpoint.toUpperCase().replace(/-/g, '_')}`;
/**
 * Reads INGEST_URL_*; the regions this process serves itself (INGEST_REGION, placement-config.ts) get
 * their local address unless INGEST_URL_<REGION> gives another. Throws a message naming the variable.
 */
export function ingestEndpointsFrom(
  env: { [name: string]: unknown },
  local: { host: string; rtmpPort: number; regions: readonly StreamEndpoint[] },
): IngestEndpoints {
  const result: IngestEndpoints = {};
  const read = (name: string) => (typeof env[name] === 'string' ? (env[name] as string).trim() : undefined);
  for (const endpoint of local.regions) {
    const protocol = ENDPOINT_PROTOCOL[endpoint];
    result[endpoint] = {
      protocol,
      base: protocol === 'rtmp' ? `rtmp://${local.host}:${local.rtmpPort}/live` : `srt://${local.host}`,
    };
  }
  for (const endpoint of STREAM_ENDPOINTS) {
    const name = ingestUrlVar(endpoint);
    const value = read(name);
    if (!value) continue;
    const protocol = ENDPOINT_PROTOCOL[endpoint];
    const bad = (why: string) => new Error(`${name}=${JSON.stringify(value)}: ${why}`);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw bad('not a URL');
    }
    if (protocol === 'rtmp') {
      if (url.protocol !== 'rtmp:' && url.protocol !== 'rtmps:')
        throw bad('must be an rtmp:// or rtmps:// address, e.g. rtmp://ingest-eu.example.com/live');
      if (!url.hostname || url.pathname.length < 2 || url.search || url.hash)
        throw bad('must name a host and an application path, e.g. rtmp://ingest-eu.example.com/live');
      result[endpoint] = { protocol, base: value.replace(/\/+$/, '') };
    } else {
      if (url.protocol !== 'srt:') throw bad('must be an srt:// address, e.g. srt://ingest-eu.example.com');
      if (!url.hostname || url.port || (url.pathname && url.pathname !== '/') || url.search || url.hash)
        throw bad(
          'must be srt://<host> only: every SRT source has its own port (SRT_PORT and up), which is appended',
        );
      result[endpoint] = { protocol, base: `srt://${url.host}` };
    }
  }
  return result;
}
