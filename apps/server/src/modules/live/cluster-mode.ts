/**
 * Whether this server is one of several processes on one database, and whether its configuration can
 * work that way (issue 19, faults 6 and 7). A process knows it is in a cluster when CLUSTER=true, when ROLE
 * is api or media, or when another process's heartbeat (a `process` lease, renewed every second) is alive
 * in `live_leases`. A heartbeat left by a process that just died is not renewed: it is read twice,
 * HEARTBEAT_MS apart.
 */
import { type Config, ConfigError } from '../../plugins/config';
import type { Database } from '../../plugins/db';
import { HEARTBEAT_MS } from './lease-state';
import { LeasesRepository } from './leases.repository';

/** What a cluster needs that one process does not: one line naming the setting, or undefined. */
export function clusterRefusal(config: Config, why: string): string | undefined {
  if (!config.sharedDir)
    return `Invalid configuration: ${why}, but SHARED_DIR is not set: players' HLS${config.s3 ? '' : ' and local media'} would exist on one process only; set SHARED_DIR to a volume every process mounts${config.s3 ? '' : ' (or S3_* for media)'}`;
  if (!config.mqttUrl)
    return `Invalid configuration: ${why}, but MQTT_URL is not set: the embedded broker reaches only the browsers connected to this process; set MQTT_URL to a shared broker that uses /v1/broker/auth and /v1/broker/acl`;
  return undefined;
}

/** Other live processes on this database: heartbeats that were renewed while we watched. */
export async function otherLiveProcesses(database: Database): Promise<number> {
  const leases = new LeasesRepository(database.db);
  const first = await leases.aliveProcesses();
  if (first.length === 0) return 0;
  await new Promise((r) => setTimeout(r, HEARTBEAT_MS * 1.5));
  const later = new Map((await leases.aliveProcesses()).map((p) => [p.holder, p.beatAt.getTime()]));
  return first.filter((p) => (later.get(p.holder) ?? 0) > p.beatAt.getTime()).length;
}

/**
 * A process told it is one of several (CLUSTER=true, ROLE) is refused before anything opens, in one
 * line: with a busy machine, opening (or creating) the embedded database first took minutes before the
 * refusal was printed (issue 29).
 */
export function assertClusterConfig(config: Config) {
  if (!config.cluster) return;
  if (!config.databaseUrl)
    throw new ConfigError('Invalid configuration: CLUSTER=true needs DATABASE_URL (PostgreSQL)');
  const role = config.placement?.role ?? 'all';
  const refused = clusterRefusal(config, role === 'all' ? 'CLUSTER=true' : `ROLE=${role}`);
  if (refused) throw new ConfigError(refused);
}

/** Refuses to start (ConfigError: one line) a cluster member whose configuration cannot serve a cluster. */
export async function assertClusterReady(config: Config, database: Database): Promise<boolean> {
  if (!database.listen) {
    if (config.cluster)
      throw new ConfigError('Invalid configuration: CLUSTER=true needs DATABASE_URL (PostgreSQL)');
    return false;
  }
  const others = config.cluster ? 0 : await otherLiveProcesses(database);
  if (!config.cluster && others === 0) return false;
  const role = config.placement?.role ?? 'all';
  const why = config.cluster
    ? role === 'all'
      ? 'CLUSTER=true'
      : `ROLE=${role}`
    : `${others} other server process${others === 1 ? ' uses' : 'es use'} this database`;
  const refused = clusterRefusal(config, why);
  if (refused) throw new ConfigError(refused);
  return true;
}
