import { z } from 'zod';
import { dateTimeSchema, pageQuerySchema, queryBooleanSchema } from './common';
import { topicMessageTypes } from './topics';

/**
 * Live notifications (ARCHITECTURE section 5, spec sections 3, 4, 7). Topics are key/value paths with an even
 * number of segments; the server publishes one topic message after every committed change. A few changes
 * also become stored notifications addressed to one user (the notifications resource of spec section 7).
 */

/** One path segment: an entity name or an id. `/`, `+` and `#` would change the topic's meaning. */
const segmentSchema = z.string().regex(/^[^/+#\s]+$/, 'must be one topic segment');

export const topicMessageSchema = z
  .object({
    type: z.enum(topicMessageTypes),
    entity: segmentSchema,
    id: segmentSchema,
    /** The entity's new representation when the publisher has it, otherwise null: refetch by id. */
    data: z.unknown(),
    /** false: the entry is not due yet; clients re-process it at `notBefore`. */
    ready: z.boolean().optional(),
    notBefore: dateTimeSchema.optional(),
  })
  .meta({ id: 'TopicMessage' });
export type TopicMessage = z.infer<typeof topicMessageSchema>;

// ---- stored notifications ----

/** Stored kinds; the web app translates `notifications.kind.<kind>` with `data` as parameters. */
export const notificationKinds = [
  'invitation-received',
  'membership-changed',
  'membership-removed',
  'stream-live',
  'stream-offline',
  'stream-scheduled',
  'usage-limit',
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    corporationId: z.uuid().nullable(),
    workspaceId: z.uuid().nullable(),
    kind: notificationKindSchema,
    /** The entity the notification is about, for a link: e.g. `invitation` and its id. */
    entity: z.string().nullable(),
    entityId: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    /** false until `notBefore` has passed. */
    ready: z.boolean(),
    notBefore: dateTimeSchema.nullable(),
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pageQuerySchema.extend({
  /** true: only due ones; false: only those still waiting for their not-before time. */
  ready: queryBooleanSchema.optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** Stored notifications are bounded: older ones are purged, and each user keeps the newest ones only. */
export const NOTIFICATION_RETENTION_DAYS = 30;
export const NOTIFICATION_MAX_PER_USER = 500;

// ---- broker ----

export const brokerCredentialsSchema = z
  .object({
    /** ws(s) URL the browser connects to: the page's origin + /mqtt, or MQTT_PUBLIC_URL. */
    url: z.string(),
    username: z.string(),
    password: z.string(),
    /** Prepended to the random client id (the whole id stays 23 characters); absent by default. */
    clientIdPrefix: z.string().optional(),
  })
  .meta({ id: 'BrokerCredentials' });
export type BrokerCredentials = z.infer<typeof brokerCredentialsSchema>;

/** EMQX 5 HTTP authentication request (body template configured in EMQX, see docs/operations.md). */
export const brokerAuthBodySchema = z.object({
  clientid: z.string().max(256).optional(),
  username: z.string().max(256).default(''),
  password: z.string().max(4096).default(''),
});
/** EMQX 5 HTTP authorization request; `action` is `publish` or `subscribe`. */
export const brokerAclBodySchema = z.object({
  clientid: z.string().max(256).optional(),
  username: z.string().max(256).default(''),
  topic: z.string().min(1).max(1024),
  action: z.enum(['publish', 'subscribe']),
});
export const brokerDecisionSchema = z.object({
  result: z.enum(['allow', 'deny']),
  is_superuser: z.boolean().optional(),
});
export type BrokerDecision = z.infer<typeof brokerDecisionSchema>;
