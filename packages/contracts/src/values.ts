/**
 * The API's value sets and page sizes without zod, so the browser can import them anywhere (the login
 * bundle stays zod-free). The zod modules build their enums from these and re-export them.
 */

export const behaviours = ['auto', 'live', 'media'] as const;
export type Behaviour = (typeof behaviours)[number];
/**
 * `realtime` (issue 35): WebRTC (WHEP) to the viewers that can connect, and everything `low` makes (LL-HLS)
 * as their fallback.
 */
export const latencies = ['realtime', 'low', 'normal', 'high', 'very-high'] as const;
/**
 * A player's quality ladder (issue 34): `source` is the encoder's own stream, copied; the others are
 * transcoded rungs (never above the source's height). An empty ladder is "source only".
 */
export const ladderRungs = ['source', '1080p', '720p', '480p', '360p', '240p'] as const;
export type LadderRung = (typeof ladderRungs)[number];
export const moderationLevels = ['none', 'approval', 'closed'] as const;
export const programInputs = ['offline', 'main', 'backup', 'fallback', 'vod'] as const;
export const mediaOrigins = ['upload', 'recording', 'render', 'clip', 'copy'] as const;
/** `waiting`: created before its file (POST /v1/medias); its file comes with POST /v1/medias/{id}/upload. */
export const mediaStatuses = ['waiting', 'processing', 'ready', 'failed'] as const;
export const mediaFileKinds = ['original', 'thumbnail', 'preview', 'waveform'] as const;
export const mediaSortFields = ['createdAt', 'name', 'sizeBytes', 'durationMs'] as const;
export const sourceTypes = ['rtmp', 'srt', 'whip', 'relive', 'demo'] as const;
export const sourceStates = ['offline', 'live', 'scheduled', 'maintenance'] as const;
export const targetStates = ['offline', 'almost-online', 'online', 'not-connected'] as const;
/**
 * Why a target or source failed, as a user can act on it (the UI translates these; the exact reason is in
 * `lastError`). Refused, reset and timed-out connections are one cause, `receiver-unreachable`, so a
 * target cannot be used to tell an open port from a closed one.
 */
export const failureCauses = [
  'receiver-unreachable',
  'credentials-rejected',
  'receiver-refused',
  'host-unresolvable',
  'private-address',
  'codec-not-accepted',
  'input-ended',
  'server-feature-missing',
  'other',
] as const;
export type FailureCause = (typeof failureCauses)[number];
export const jobTypes = ['thumbnail', 'render-mp4', 'clip', 'render-draft', 'social-post'] as const;
export const clipModes = ['fast', 'exact', 'both'] as const;
export const clipAccuracies = ['segment', 'frame'] as const;
export const jobStates = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const invitationStatuses = ['pending', 'accepted', 'declined', 'revoked'] as const;
export const socialNetworks = ['facebook', 'twitch', 'twitter', 'youtube', 'google-drive', 'ftp'] as const;
export const permissions = ['read', 'write', 'admin'] as const;
export const directions = ['landscape', 'portrait'] as const;

export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;
