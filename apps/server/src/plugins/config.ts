import { isIP } from 'node:net';
import {
  DEFAULT_RENDER_DEVICE,
  LADDER_ENCODER_SETTINGS,
  type LadderEncoderSetting,
} from '@stromwerk/media/ladder-encoder';
import { z } from 'zod';
import { type IngestEndpoints, ingestEndpointsFrom } from './ingest-config';
import { localRegions, type Placement, placementFrom } from './placement-config';
import { type SocialSettings, socialSettingsFrom } from './social-config';
import type { S3Settings } from './storage-s3';

/**
 * Configuration comes from environment variables only (ARCHITECTURE section 2). Every value is validated at
 * start-up; a bad value stops the process with one line naming the variable.
 */
const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = (protocols: string[]) =>
  z
    .url()
    .refine(
      (v) => protocols.some((p) => v.startsWith(`${p}:`)),
      `must start with ${protocols.join(': or ')}:`,
    )
    .optional();
/** proxy-addr's names for address ranges, accepted in TRUST_PROXY like addresses. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
};
/**
 * Fastify's trustProxy: off, on (every hop: only behind a proxy that overwrites the header), the number of
 * hops to trust (as a function: Fastify's types lack the number form), or the proxies' addresses.
 */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);
const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((v, ctx): TrustProxy => {
    if (v === 'false') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      return (_address: string, hop: number) => hop < hops;
    }
    const list = v.split(',').map((s) => s.trim());
    const bad = list.find((s) => !isProxyAddress(s));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, true, a hop count or a comma list of addresses/CIDRs (not "${bad}")`,
      });
      return z.NEVER;
    }
    return list;
  });
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // Several server processes on one PostgreSQL (issue 19, docs/operations.md "Several processes").
  CLUSTER: z.enum(['true', 'false']).default('false'),
  // This process's HTTP address as the other processes of a cluster reach it (a viewer's WHEP offer made
  // at another process is passed on to the one writing the player's program).
  INTERNAL_URL: optionalUrl(['http', 'https']),
  // A directory every process mounts (one volume, NFS): players' HLS, and media when S3_* is not set.
  SHARED_DIR: z.string().min(1).optional(),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  MQTT_URL: optionalUrl(['mqtt', 'mqtts', 'ws', 'wss']),
  // What browsers connect to when MQTT_URL is set (the server may reach the broker by another address).
  MQTT_PUBLIC_URL: optionalUrl(['ws', 'wss']),
  RTMP_PORT: port.default(1935),
  SRT_PORT: port.default(9000),
  // Who receives RTMP publishes: node-media-server in our process, or nginx-rtmp as our child (issue 18).
  INGEST_ENGINE: z.enum(['builtin', 'nginx']).default('builtin'),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  // The quality ladder's encoder (issue 34): a GPU's when one passes its trial (auto), or software only.
  LADDER_ENCODER: z.enum(LADDER_ENCODER_SETTINGS).default('auto'),
  LADDER_ENCODER_DEVICE: z.string().startsWith('/dev/').default(DEFAULT_RENDER_DEVICE),
  // The first round of ffmpeg's capability probes waits this long; later rounds double it (issue 29).
  MEDIA_PROBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  CDN_BASE_URL: z.string().default('/cdn/'),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().default('Stromwerk <no-reply@stromwerk.local>'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  // Role and ingest regions (docs/operations.md, "Roles and regions"); checked by placementFrom,
  // addresses by ingestEndpointsFrom. INGEST_LOCAL_ENDPOINTS is INGEST_REGION's old name.
  ROLE: z.string().optional(),
  INGEST_REGION: z.string().optional(),
  INGEST_LOCAL_ENDPOINTS: z.string().optional(),
  INGEST_URL_EUROPE: z.string().optional(),
  INGEST_URL_US_WEST: z.string().optional(),
  INGEST_URL_EUROPE_SRT: z.string().optional(),
  ALLOW_SIGNUP: z.enum(['true', 'false']).default('false'),
  TRUST_PROXY: trustProxySchema,
  // Targets may push to private, local and loopback addresses (on-premise receivers); off by default.
  TARGET_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  // Seals social tokens and passwords (AES-256-GCM): 32 bytes as 64 hex digits or base64.
  SECRETS_KEY: z
    .string()
    .trim()
    .refine((v) => secretsKeyBytes(v) !== undefined, 'must be 32 bytes: 64 hex digits or base64')
    .optional(),
  // How often the usage meter writes what it counted (issue 17); shutdown writes the rest.
  USAGE_FLUSH_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Real time (issue 35): the address the WebRTC peers' ICE host candidates bind to, and their UDP ports.
  WEBRTC_BIND_ADDRESS: z.string().min(1).default('0.0.0.0'),
  WEBRTC_PORTS: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}$/, 'must be a range like 50000-50999')
    .refine((v) => {
      const [a, b] = v.split('-').map(Number) as [number, number];
      return a >= 1024 && a <= b && b <= 65535;
    }, 'must be a range within 1024-65535, first port first')
    .optional(),
  // STUN/TURN servers of the WebRTC peers (comma-separated, libdatachannel's form: stun:host:port,
  // turn:user:password@host:port?transport=tcp); each is also announced in WHEP/WHIP answers (RFC 9725 Link).
  WEBRTC_ICE_SERVERS: z
    .string()
    .trim()
    .refine(
      (v) => v.split(',').every((u) => /^(stun|turn|turns):[^\s,]+$/.test(u.trim())),
      'must be stun:, turn: or turns: URLs separated by commas',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** CLUSTER=true (or a ROLE other than all): one of several processes on one database (cluster-mode.ts). */
  cluster?: boolean;
  /** ROLE and INGEST_REGION: what this process runs and whose publishes it takes; absent: `all`, every region. */
  placement?: Placement;
  /** INTERNAL_URL: where the other processes of a cluster reach this one's HTTP (WHEP offers passed on). */
  internalUrl?: string;
  /** SHARED_DIR: the volume all processes share; players' HLS and local media live there when set. */
  sharedDir?: string;
  databaseUrl: string | undefined;
  mqttUrl: string | undefined;
  mqttPublicUrl: string | undefined;
  rtmpPort: number;
  /** INGEST_ENGINE: node-media-server in this process (builtin) or nginx-rtmp as a child (nginx). */
  ingestEngine?: 'builtin' | 'nginx';
  srtPort: number;
  /** WEBRTC_BIND_ADDRESS and WEBRTC_PORTS: where real-time viewers' peers take UDP (absent: ports from the OS). */
  webrtc?: { bindAddress: string; portRange?: { begin: number; end: number }; iceServers?: string[] };
  ffmpegPath: string;
  /** LADDER_ENCODER and the render node VA-API / QSV open (issue 34). */
  ladderEncoder?: { setting: LadderEncoderSetting; device: string };
  ffprobePath: string;
  /** MEDIA_PROBE_TIMEOUT_MS: the first capability probe round's time-out. */
  mediaProbeTimeoutMs?: number;
  cdnBaseUrl: string;
  s3: S3Settings | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  allowSignup: boolean;
  /** TARGET_ALLOW_PRIVATE: targets may reach loopback, link-local and private networks. */
  targetAllowPrivate: boolean;
  /** Public ingest address per region (spec section 9); a region missing here is not configured. */
  ingestEndpoints: IngestEndpoints;
  /** Whose X-Forwarded-For is believed for the client address (rate limits, session list). */
  trustProxy: TrustProxy;
  logLevel: string;
  /** SECRETS_KEY as bytes; unset: embedded installs keep a generated key in DATA_DIR (modules/socials). */
  secretsKey: Buffer | undefined;
  /** OAuth apps and endpoint overrides per network (SOCIAL_<NETWORK>_*). */
  socials: SocialSettings;
  /** USAGE_FLUSH_SECONDS: the usage meter's write interval (60 s when absent). */
  usageFlushSeconds?: number;
}

/** SECRETS_KEY's 32 bytes (hex or base64), or undefined when it is not a 32-byte key. */
export function secretsKeyBytes(value: string): Buffer | undefined {
  const bytes = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value, 'base64')
      : undefined;
  return bytes?.length === 32 ? bytes : undefined;
}

export class ConfigError extends Error {}

/**
 * A TCP-only broker (mqtt:, mqtts:) gives browsers nothing to connect to: without MQTT_PUBLIC_URL they
 * would be sent to /mqtt on our own origin, which only the embedded broker answers (issue 19, fault 6).
 */
export function brokerRefusal(mqttUrl: string | undefined, mqttPublicUrl: string | undefined) {
  if (!mqttUrl || mqttPublicUrl || /^wss?:/.test(mqttUrl)) return undefined;
  return `MQTT_URL=${new URL(mqttUrl).protocol}//${new URL(mqttUrl).host} is TCP only and browsers need WebSocket: set MQTT_PUBLIC_URL (ws: or wss:) to the broker's browser address`;
}

/** Where players' HLS and local media live: the shared volume when there is one, else DATA_DIR. */
export const sharedRoot = (config: Pick<Config, 'dataDir' | 'sharedDir'>) =>
  config.sharedDir ?? config.dataDir;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.keys(envSchema.shape).map((k) => [k, blankToUndefined(env[k])]));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(
      `Invalid configuration: ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`,
    );
  }
  const e = parsed.data;
  const s3Keys = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY, e.S3_SECRET_KEY];
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY must be set together',
    );
  }
  const refused = brokerRefusal(e.MQTT_URL, e.MQTT_PUBLIC_URL);
  if (refused) throw new ConfigError(`Invalid configuration: ${refused}`);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const host = new URL(publicUrl).hostname;
  let ingestEndpoints: IngestEndpoints;
  let placement: Placement;
  try {
    placement = placementFrom(e, e.DATABASE_URL);
    ingestEndpoints = ingestEndpointsFrom(e, {
      host,
      rtmpPort: e.RTMP_PORT,
      regions: localRegions(placement),
    });
  } catch (err) {
    throw new ConfigError(`Invalid configuration: ${(err as Error).message}`);
  }
  let socials: SocialSettings;
  try {
    socials = socialSettingsFrom(env);
  } catch (err) {
    throw new ConfigError(`Invalid configuration: ${(err as Error).message}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    cluster: e.CLUSTER === 'true' || placement.role !== 'all',
    placement,
    sharedDir: e.SHARED_DIR,
    ...(e.INTERNAL_URL ? { internalUrl: e.INTERNAL_URL.replace(/\/$/, '') } : {}),
    databaseUrl: e.DATABASE_URL,
    mqttUrl: e.MQTT_URL,
    mqttPublicUrl: e.MQTT_PUBLIC_URL,
    rtmpPort: e.RTMP_PORT,
    ingestEngine: e.INGEST_ENGINE,
    srtPort: e.SRT_PORT,
    webrtc: {
      bindAddress: e.WEBRTC_BIND_ADDRESS,
      ...(e.WEBRTC_ICE_SERVERS ? { iceServers: e.WEBRTC_ICE_SERVERS.split(',').map((u) => u.trim()) } : {}),
      ...(e.WEBRTC_PORTS
        ? {
            portRange: {
              begin: Number(e.WEBRTC_PORTS.split('-')[0]),
              end: Number(e.WEBRTC_PORTS.split('-')[1]),
            },
          }
        : {}),
    },
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    ladderEncoder: { setting: e.LADDER_ENCODER, device: e.LADDER_ENCODER_DEVICE },
    mediaProbeTimeoutMs: e.MEDIA_PROBE_TIMEOUT_MS,
    cdnBaseUrl: e.CDN_BASE_URL,
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET!,
          accessKey: e.S3_ACCESS_KEY!,
          secretKey: e.S3_SECRET_KEY!,
          region: e.S3_REGION,
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    allowSignup: e.ALLOW_SIGNUP === 'true',
    usageFlushSeconds: e.USAGE_FLUSH_SECONDS,
    targetAllowPrivate: e.TARGET_ALLOW_PRIVATE === 'true',
    ingestEndpoints,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    secretsKey: e.SECRETS_KEY ? secretsKeyBytes(e.SECRETS_KEY) : undefined,
    socials,
  };
}
