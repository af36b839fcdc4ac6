import { z } from 'zod';
import { dateTimeSchema, line, nameSchema, pageQuerySchema } from './common';
import {
  liveNetworks,
  oauthNetworks,
  socialAuthTypes,
  socialNetworks,
  socialProblemCodes,
  socialStatuses,
  socialVisibilities,
} from './social-values';

export type {
  OauthNetwork,
  SocialNetwork,
  SocialProblemCode,
  SocialStatus,
  SocialVisibility,
} from './social-values';
export {
  liveNetworks,
  networkVisibilities,
  oauthNetworks,
  socialAuthTypes,
  socialNetworks,
  socialProblemCodes,
  socialStatuses,
} from './social-values';

/** Where an FTP connection points; its password is never part of an answer. */
export const ftpSettingsSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  user: z.string(),
  protocol: z.enum(['ftp', 'ftps']),
  basePath: z.string(),
});

/**
 * A social connection of one user (issue 20). Tokens, passwords and stream keys are sealed in the database
 * (AES-256-GCM) and never part of an answer; `hasRefreshToken` and `expiresAt` say what the user may need
 * to know about them.
 */
export const socialSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    network: z.enum(socialNetworks),
    authType: z.enum(socialAuthTypes),
    name: z.string(),
    /** The account at the network (its id there, its display name and picture), when it told us. */
    externalId: z.string().nullable(),
    externalName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    scopes: z.array(z.string()),
    status: z.enum(socialStatuses),
    lastError: z.string().nullable(),
    lastCheckedAt: dateTimeSchema.nullable(),
    /** When the access token runs out (it is refreshed on use while a refresh token exists). */
    expiresAt: dateTimeSchema.nullable(),
    hasRefreshToken: z.boolean(),
    /** FTP only: where it connects (no password). */
    ftp: ftpSettingsSchema.nullable(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Social' });
export type Social = z.infer<typeof socialSchema>;

const hostSchema = line()
  .trim()
  .min(1, 'Required')
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:.]+\]?$/, 'must be a host name or an IP address');
const secretSchema = z.string().min(1, 'Required').max(1024);
const pathSchema = line()
  .trim()
  .max(1024)
  .refine((v) => !v.split('/').includes('..'), 'must not contain ..');

/** FTP or FTPS with a password: checked (login and a listing in passive mode) before it is saved. */
export const createFtpSocialSchema = z.strictObject({
  network: z.literal('ftp'),
  name: nameSchema,
  host: hostSchema,
  port: z.coerce.number().int().min(1).max(65535).default(21),
  user: line().trim().min(1, 'Required').max(200),
  password: secretSchema,
  protocol: z.enum(['ftp', 'ftps']).default('ftps'),
  basePath: pathSchema.default('/'),
});
/** A live platform without OAuth: its stream key, entered by hand (Restreamer's mode). */
export const createStreamKeySocialSchema = z.strictObject({
  network: z.enum(liveNetworks),
  name: nameSchema,
  streamKey: line().trim().min(1, 'Required').max(512),
});
export const createSocialBodySchema = z.discriminatedUnion('network', [
  createFtpSocialSchema,
  createStreamKeySocialSchema,
]);
export type CreateSocialBody = z.infer<typeof createSocialBodySchema>;

export const updateSocialBodySchema = z.strictObject({ name: nameSchema });
export type UpdateSocialBody = z.infer<typeof updateSocialBodySchema>;

export const socialProblemSchema = z.object({
  code: z.enum(socialProblemCodes),
  /** English; the web app words each code itself. */
  message: z.string(),
  /** Where the fix is done (a provider console, the Socials page). */
  fixUrl: z.string().optional(),
});
export type SocialProblem = z.infer<typeof socialProblemSchema>;

export const socialCheckSchema = z
  .object({
    ok: z.boolean(),
    status: z.enum(socialStatuses),
    account: z.object({ name: z.string().nullable(), avatarUrl: z.string().nullable() }),
    problems: z.array(socialProblemSchema),
    social: socialSchema,
  })
  .meta({ id: 'SocialCheck' });
export type SocialCheck = z.infer<typeof socialCheckSchema>;

/** What this install offers per network: OAuth (an app is configured), stream key, credentials. */
export const socialNetworkInfoSchema = z.object({
  network: z.enum(socialNetworks),
  methods: z.array(z.enum(socialAuthTypes)),
  oauthConfigured: z.boolean(),
  /** The exact address to paste into the provider's console (OAuth networks). */
  redirectUri: z.string().nullable(),
  scopes: z.array(z.string()),
  supports: z.object({
    live: z.boolean(),
    vod: z.boolean(),
    folders: z.boolean(),
    subAccounts: z.boolean(),
    /** The visibilities a live broadcast or post can choose here; empty: the network has none. */
    visibilities: z.array(z.enum(socialVisibilities)),
  }),
  /** Why a method is missing (English): which settings enable it. */
  note: z.string().nullable(),
});
export const socialNetworksSchema = z
  .object({ items: z.array(socialNetworkInfoSchema), secretsReady: z.boolean() })
  .meta({ id: 'SocialNetworks' });
export type SocialNetworkInfo = z.infer<typeof socialNetworkInfoSchema>;

export const connectParamsSchema = z.object({ network: z.enum(oauthNetworks) });
export const connectAnswerSchema = z.object({ authorizeUrl: z.string() });
export const callbackQuerySchema = z.object({
  code: line().max(4096).optional(),
  state: line().max(256).optional(),
  error: line().max(256).optional(),
  error_description: line().max(1024).optional(),
  scope: line().max(4096).optional(),
});

/** A page (Facebook) or channel (YouTube) a connection can go live as. */
export const socialSubAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['page', 'channel']),
});
export const socialSubAccountsSchema = z
  .object({ items: z.array(socialSubAccountSchema) })
  .meta({ id: 'SocialSubAccounts' });
export type SocialSubAccount = z.infer<typeof socialSubAccountSchema>;

/** A category of the network (YouTube video category, Twitch game). */
export const socialCategoriesQuerySchema = z.object({
  q: line().trim().max(100).optional(),
  region: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter region code like DE')
    .optional(),
});
export const socialCategoriesSchema = z
  .object({ items: z.array(z.object({ id: z.string(), name: z.string() })) })
  .meta({ id: 'SocialCategories' });

/**
 * Workspaces a connection is shared with: their members may bind live targets (`live`) or post (`post`)
 * through it; the token stays with its owner and is never shown to them.
 */
export const socialShareSchema = z.object({
  workspaceId: z.uuid(),
  live: z.boolean(),
  post: z.boolean(),
});
export const socialSharesSchema = z
  .object({ items: z.array(socialShareSchema) })
  .meta({ id: 'SocialShares' });
export const putSocialSharesBodySchema = z.strictObject({
  items: z
    .array(socialShareSchema)
    .max(100)
    .refine((a) => new Set(a.map((s) => s.workspaceId)).size === a.length, 'each workspace once'),
});
export type SocialShare = z.infer<typeof socialShareSchema>;

/** A connection as members of a workspace it is usable in see it: no secret, no owner's details. */
export const usableSocialSchema = z.object({
  id: z.uuid(),
  network: z.enum(socialNetworks),
  authType: z.enum(socialAuthTypes),
  name: z.string(),
  externalName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  status: z.enum(socialStatuses),
  /** true: the caller's own; false: shared with this workspace by its owner. */
  own: z.boolean(),
});
export const usableSocialsSchema = z
  .object({ items: z.array(usableSocialSchema) })
  .meta({ id: 'UsableSocials' });
export type UsableSocial = z.infer<typeof usableSocialSchema>;

/**
 * An install-wide OAuth app (client id and secret) of a network, for platform administrators. The secret
 * is never answered (`hasSecret`); a value from the environment wins over the stored one (`source`).
 */
export const oauthAppSettingSchema = z.object({
  network: z.enum(oauthNetworks),
  clientId: z.string().nullable(),
  hasSecret: z.boolean(),
  source: z.enum(['environment', 'database', 'none']),
  redirectUri: z.string(),
  consoleUrl: z.string(),
});
export const oauthAppSettingsSchema = z
  .object({ items: z.array(oauthAppSettingSchema) })
  .meta({ id: 'OauthAppSettings' });
export type OauthAppSetting = z.infer<typeof oauthAppSettingSchema>;
export const putOauthAppBodySchema = z.strictObject({
  clientId: line().trim().min(1, 'Required').max(500),
  /** Omitted: keep the stored secret. */
  clientSecret: z.string().min(1).max(1000).optional(),
});
export type PutOauthAppBody = z.infer<typeof putOauthAppBodySchema>;

/**
 * `GET /v1/socials` (issue 33): the caller's own connections and those shared with workspaces it may
 * read, each once; `sharedWith` names those workspaces (empty for one's own), `visibilities` what the
 * network lets a live broadcast or post choose.
 */
export const socialListItemSchema = usableSocialSchema.extend({
  sharedWith: z.array(z.uuid()),
  visibilities: z.array(z.enum(socialVisibilities)),
});
export type SocialListItem = z.infer<typeof socialListItemSchema>;
export const socialListQuerySchema = pageQuerySchema.extend({
  network: z.enum(socialNetworks).optional(),
});

/**
 * Tag suggestions of a connection (issue 33): the tags its own posts and live targets used, most used
 * first. No network is asked: none of the stand-in APIs (nor YouTube's) answers "suggested tags".
 */
export const socialTagsQuerySchema = z.object({
  /** Only tags starting with this (case-insensitive). */
  q: line().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const socialTagSchema = z.object({
  tag: z.string(),
  /** How often the connection's posts and live targets used it. */
  uses: z.number().int(),
  /** Where it was used: `post` (a posted video) or `live` (a live target's tags). */
  from: z.array(z.enum(['post', 'live'])),
});
export const socialTagsSchema = z.object({ items: z.array(socialTagSchema) }).meta({ id: 'SocialTags' });
export type SocialTag = z.infer<typeof socialTagSchema>;
