/**
 * The error catalogue: every stable error code with the one HTTP status it is always sent with. Clients
 * branch on `code`; the status follows from it. Zod-free, so the web app can import it without zod.
 */
export const errorStatus = {
  /** The request is malformed or a field is invalid; `details` names the fields. */
  VALIDATION_FAILED: 400,
  /** The current password sent to confirm a change is wrong (not a login: the session stays valid). */
  PASSWORD_INCORRECT: 400,
  /** An email verification or password reset link is unknown, used or expired. */
  LINK_INVALID: 400,
  /** The invitation code is unknown, used, expired or meant for another email address. */
  INVITATION_INVALID: 400,
  /** A target's receiver is on a local or private network, which this server does not allow (`details`). */
  TARGET_ADDRESS_REFUSED: 400,
  /** The OAuth answer does not belong to a connection this browser started (unknown, used or expired state). */
  SOCIAL_STATE_INVALID: 400,
  /** No credentials were sent. */
  UNAUTHENTICATED: 401,
  /** Login with a wrong email address or password. */
  INVALID_CREDENTIALS: 401,
  /** The session token or API key is malformed, expired or revoked: log in again. */
  TOKEN_INVALID: 401,
  /** A player's viewer token is missing, expired or revoked: start playback again (no login involved). */
  VIEWER_TOKEN_INVALID: 401,
  /** A WHIP publish's bearer token (the source's stream key) is missing, unknown or was rotated (issue 35). */
  STREAM_KEY_INVALID: 401,
  /** The player needs a password, or the one sent is wrong. */
  PASSWORD_REQUIRED: 401,
  FORBIDDEN: 403,
  USER_BLOCKED: 403,
  CORPORATION_BLOCKED: 403,
  /** A count limit of the corporation (workspaces, sources, players, targets) is reached. */
  QUOTA_EXCEEDED: 403,
  SIGNUP_DISABLED: 403,
  EMAIL_NOT_VERIFIED: 403,
  DOMAIN_NOT_ALLOWED: 403,
  VIEWER_LIMIT_REACHED: 403,
  /** A publish the source's rules refuse now: its maintenance window, a blocked corporation, live hours used up. */
  PUBLISH_REFUSED: 403,
  NOT_FOUND: 404,
  /** The server did not receive the whole request in time. */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  /** The invitation was valid once but is no longer pending (accepted, revoked or expired). */
  INVITATION_CLOSED: 409,
  /** The draft was saved by someone else since the revision this save started from; `details` name it. */
  DRAFT_CONFLICT: 409,
  /** The draft names media that are gone or not ready; its `problems` list them. */
  DRAFT_BROKEN: 409,
  /** A WebRTC (WHEP) offer to a player whose latency is not real time (issue 35). */
  REALTIME_OFF: 409,
  /** A WebRTC (WHEP) offer while the program is not live on this server (offline, the VOD, another process). */
  PROGRAM_NOT_LIVE: 409,
  /** Another encoder publishes to this source already (a WHIP offer while an RTMP encoder is live, say). */
  ALREADY_LIVE: 409,
  /** This install has no OAuth app for the network (its client id and secret); the stream-key mode remains. */
  SOCIAL_NOT_CONFIGURED: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** The corporation's storage quota has no room for the upload or copy. */
  STORAGE_QUOTA_EXCEEDED: 413,
  UNSUPPORTED_MEDIA: 415,
  /** The requested byte range lies outside the file. */
  RANGE_NOT_SATISFIABLE: 416,
  /** A clip's range lies outside the player's DVR window or the media; `details` names the window. */
  CLIP_RANGE_UNAVAILABLE: 422,
  /** A connection could not be saved: the network or server refused it; `details.problems` say why. */
  SOCIAL_CHECK_FAILED: 422,
  /** The connection's network cannot do this (post videos, keep folders), or not with this kind of connection. */
  SOCIAL_UNSUPPORTED: 422,
  /** A clip's end lies too far in the future to wait for; ask again once it has passed. */
  CLIP_TOO_EARLY: 425,
  RATE_LIMITED: 429,
  /** URL and headers together exceed the server's limit. */
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  /** The network's authorization server did not complete the connection (token exchange or account). */
  SOCIAL_CONNECT_FAILED: 502,
  /** The network (or FTP server) refused or failed a call made for this request (posting, sub-accounts,
   * categories, going live); the message says which. */
  SOCIAL_PLATFORM_FAILED: 502,
  /** The server lacks a tool this feature needs (e.g. ffprobe for uploads). */
  FEATURE_UNAVAILABLE: 503,
  /** A blocking playlist reload whose part did not come within three target durations (RFC 8216bis 6.2.5.2). */
  PLAYLIST_NOT_READY: 503,
  /** Every SRT ingest port of this node is taken: a server capacity limit, not a corporation quota. */
  INGEST_PORTS_EXHAUSTED: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;
export type ErrorStatus = (typeof errorStatus)[ErrorCode];

/** Every code of the catalogue, in catalogue order. */
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorStatus, value);
