/** Business constants and limits of spec section 9. */
export const API_TIMEOUT_MS = 60_000;
export const PASSWORD_MIN_LENGTH = 8;
/**
 * Text limits the schemas enforce, without zod: forms word their messages and size their inputs with
 * these (the login bundle stays zod-free). The zod modules build their rules from them.
 */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
/** Names of every resource (sources, targets, players, workspaces, corporations, users, medias...). */
export const NAME_MAX_LENGTH = 120;
/** A player's viewer limit, its domain whitelist and its viewer passwords. */
export const VIEWER_LIMIT_MAX = 1_000_000;
export const WHITELIST_MAX = 100;
export const OUTPUT_PASSWORDS_MAX = 100;
export const OUTPUT_PASSWORD_MAX_LENGTH = 200;
export const RETENTION_HOURS = [0, 1, 6, 12, 24, 168, 720] as const; // 0 = never
export const STREAM_ENDPOINTS = ['europe', 'us-west', 'europe-srt'] as const;
export const TARGET_TYPES = ['rtmp', 'srt', 'icecast', 'youtube', 'facebook', 'twitch', 'twitter'] as const;
/** Target types that go live through a social connection (issue 20): the platform's own kind. */
export const PLATFORM_TARGET_TYPES = ['youtube', 'facebook', 'twitch', 'twitter'] as const;
export type PlatformTargetType = (typeof PLATFORM_TARGET_TYPES)[number];
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_STORAGE_KEY = 'user-lang';
export const LAYOUT_BREAKPOINTS = { compactBelow: 600, mediumUpTo: 840 } as const;
export const NOTIFICATION_RECONNECT_MS = 1000;
export const MQTT_CLIENT_ID_LENGTH = 23;
export const AVATAR_WIDTH_PX = 36;
export const MQTT_KEEPALIVE_S = 60;
export const MQTT_CONNECT_TIMEOUT_MS = 30_000;
export const MQTT_MAX_PACKET_BYTES = 268_435_455;
export const MQTT_STREAM_BUFFER_BYTES = 16_384;
/** The longest clip (4 h) and the most markers one player keeps. */
export const CLIP_MAX_SECONDS = 4 * 3600;
export const MARKERS_PER_OUTPUT_MAX = 500;
/** A clip whose end lies at most this far in the future waits for its segments; further is CLIP_TOO_EARLY. */
export const CLIP_WAIT_MAX_SECONDS = 120;
