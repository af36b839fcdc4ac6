import { apiKeySchemas } from './api-keys.schemas';
import { authSchemas } from './auth.schemas';
import { brokerSchemas } from './broker.schemas';
import { clipSchemas } from './clips.schemas';
import { commentSchemas } from './comments.schemas';
import { corporationSchemas } from './corporations.schemas';
import { draftSchemas } from './drafts.schemas';
import { graphSchemas } from './graph.schemas';
import { healthSchemas } from './health.schemas';
import { invitationSchemas } from './invitations.schemas';
import { jobSchemas } from './jobs.schemas';
import { mediaSchemas } from './medias.schemas';
import { notificationSchemas } from './notifications.schemas';
import { outputSchemas } from './outputs.schemas';
import { playSchemas } from './play.schemas';
import { sessionSchemas } from './sessions.schemas';
import { socialPostSchemas } from './social-posts.schemas';
import { socialSchemas } from './socials.schemas';
import { sourceSchemas } from './sources.schemas';
import { streamInfoSchemas } from './stream-infos.schemas';
import { targetSchemas } from './targets.schemas';
import { usageSchemas } from './usage.schemas';
import { avatarSchemas, userSchemas } from './users.schemas';
import { verificationSchemas } from './verification.schemas';
import { whipSchemas } from './whip.schemas';
import { workspaceSchemas } from './workspaces.schemas';

/**
 * The schemas of every table, under the names of `apiTables` (tables.ts). For the server and tests; the
 * browser takes only types from here. A unit test checks the two have the same resources and routes.
 */
export const apiSchemas = {
  users: { ...authSchemas, ...sessionSchemas, ...userSchemas, ...verificationSchemas, ...avatarSchemas },
  apiKeys: apiKeySchemas,
  health: healthSchemas,
  corporations: corporationSchemas,
  workspaces: workspaceSchemas,
  invitations: invitationSchemas,
  usage: usageSchemas,
  notifications: notificationSchemas,
  broker: brokerSchemas,
  sources: sourceSchemas,
  targets: targetSchemas,
  outputs: outputSchemas,
  comments: commentSchemas,
  streamInfos: streamInfoSchemas,
  medias: mediaSchemas,
  jobs: jobSchemas,
  clips: clipSchemas,
  drafts: draftSchemas,
  graph: graphSchemas,
  play: playSchemas,
  whip: whipSchemas,
  socials: socialSchemas,
  socialPosts: socialPostSchemas,
} as const;

export type ApiSchemas = typeof apiSchemas;
