import { STREAM_ENDPOINTS } from '@stromwerk/contracts/limits';
import type { StreamEndpoint } from '@stromwerk/contracts/sources';

/**
 * What a server process does (issue 19, ingest placement; docs/operations.md "Roles and regions"):
 * - `all` (default): API, web app, ingest and live plane in one process, as a single install runs.
 * - `api`: API and web app, players' HLS from SHARED_DIR; no ingest, no live leases, no ffmpeg jobs.
 * - `media`: ingest and live plane of the regions in INGEST_REGION, and the job worker; it answers HTTP
 *   too (same build), but a deployment routes browsers to the API processes.
 */
export const PROCESS_ROLES = ['api', 'media', 'all'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

export interface Placement {
  role: ProcessRole;
  /**
   * The ingest regions whose publishes this process accepts and whose local address it offers.
   * Undefined: an `all` process without INGEST_REGION, which is every region's ingest (one process).
   */
  regions: StreamEndpoint[] | undefined;
}

/** The regions an `all` process offers local addresses for when INGEST_REGION is not set. */
export const DEFAULT_LOCAL_REGIONS: StreamEndpoint[] = ['europe', 'europe-srt'];
/** INGEST_REGION's old name (it only named the local addresses then); read when INGEST_REGION is unset. */
const OLD_REGION_VAR = 'INGEST_LOCAL_ENDPOINTS';

const shown = (v: string) => JSON.stringify(v);

/** Reads ROLE and INGEST_REGION; throws a one-line message naming the variable on a bad value. */
export function placementFrom(env: { [name: string]: unknown }, databaseUrl: string | undefined): Placement {
  const read = (name: string) => (typeof env[name] === 'string' ? (env[name] as string).trim() : '');
  const roleText = read('ROLE') || 'all';
  if (!(PROCESS_ROLES as readonly string[]).includes(roleText))
    throw new Error(`ROLE=${shown(roleText)}: must be api, media or all`);
  const role = roleText as ProcessRole;
  if (read('INGEST_REGION') && read(OLD_REGION_VAR))
    throw new Error(`${OLD_REGION_VAR} is the old name of INGEST_REGION: set only INGEST_REGION`);
  const variable = read('INGEST_REGION') ? 'INGEST_REGION' : OLD_REGION_VAR;
  const regions = read(variable) ? regionList(variable, read(variable)) : undefined;

  if (role !== 'all' && !databaseUrl)
    throw new Error(
      `ROLE=${role} needs DATABASE_URL: API and media processes share one PostgreSQL database (with the embedded database this process would be alone${role === 'api' ? ' and nothing would run the live plane' : ''})`,
    );
  if (role === 'api' && regions !== undefined)
    throw new Error(
      `ROLE=api takes no publishes: ${variable} belongs to the media processes (point INGEST_URL_<REGION> at them)`,
    );
  if (role === 'media' && !regions?.length)
    throw new Error(
      `ROLE=media needs INGEST_REGION: the regions whose encoders this process takes (${STREAM_ENDPOINTS.join(', ')}, comma separated)`,
    );
  return { role, regions: role === 'api' ? [] : regions };
}

/**
 * The spec's and the source form's names (Europe, US-West, Europe (SRT)) are accepted beside the ids, in
 * any case: an operator copies them from the screen.
 */
const regionId = (name: string) => name.toLowerCase().replace(/\s*\(srt\)$/, '-srt');

function regionList(variable: string, value: string): StreamEndpoint[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const result: StreamEndpoint[] = [];
  for (const name of names) {
    const id = regionId(name);
    if (id === 'none' && names.length === 1) return [];
    if (!(STREAM_ENDPOINTS as readonly string[]).includes(id))
      throw new Error(
        `${variable}=${shown(value)}: "${name}" is not a region (${STREAM_ENDPOINTS.join(', ')}, or none)`,
      );
    if (!result.includes(id as StreamEndpoint)) result.push(id as StreamEndpoint);
  }
  return result;
}

/** The regions whose address this process builds from its own host and ports. */
export const localRegions = (placement: Placement): StreamEndpoint[] =>
  placement.regions ?? DEFAULT_LOCAL_REGIONS;

/** Whether this process takes publishes of a region (an `all` process without INGEST_REGION takes all). */
export const servesRegion = (placement: Placement, region: StreamEndpoint) =>
  placement.regions === undefined || placement.regions.includes(region);

/** The regions health reports: every region when none is set on an `all` process. */
export const servedRegions = (placement: Placement): StreamEndpoint[] =>
  placement.regions ?? [...STREAM_ENDPOINTS];
