import { clipRoutes } from '@stromwerk/contracts/api/clips';
import type { clipSchemas } from '@stromwerk/contracts/api/clips.schemas';
import { commentRoutes } from '@stromwerk/contracts/api/comments';
import type { commentSchemas } from '@stromwerk/contracts/api/comments.schemas';
import { draftRoutes } from '@stromwerk/contracts/api/drafts';
import type { draftSchemas } from '@stromwerk/contracts/api/drafts.schemas';
import { graphRoutes } from '@stromwerk/contracts/api/graph';
import type { graphSchemas } from '@stromwerk/contracts/api/graph.schemas';
import { jobRoutes } from '@stromwerk/contracts/api/jobs';
import type { jobSchemas } from '@stromwerk/contracts/api/jobs.schemas';
import { mediaRoutes } from '@stromwerk/contracts/api/medias';
import type { mediaSchemas } from '@stromwerk/contracts/api/medias.schemas';
import { outputRoutes } from '@stromwerk/contracts/api/outputs';
import type { outputSchemas } from '@stromwerk/contracts/api/outputs.schemas';
import { playRoutes } from '@stromwerk/contracts/api/play';
import type { playSchemas } from '@stromwerk/contracts/api/play.schemas';
import { socialPostRoutes } from '@stromwerk/contracts/api/social-posts';
import type { socialPostSchemas } from '@stromwerk/contracts/api/social-posts.schemas';
import { socialRoutes } from '@stromwerk/contracts/api/socials';
import type { socialSchemas } from '@stromwerk/contracts/api/socials.schemas';
import { sourceRoutes } from '@stromwerk/contracts/api/sources';
import type { sourceSchemas } from '@stromwerk/contracts/api/sources.schemas';
import { streamInfoRoutes } from '@stromwerk/contracts/api/stream-infos';
import type { streamInfoSchemas } from '@stromwerk/contracts/api/stream-infos.schemas';
import { targetRoutes } from '@stromwerk/contracts/api/targets';
import type { targetSchemas } from '@stromwerk/contracts/api/targets.schemas';
import { whipRoutes } from '@stromwerk/contracts/api/whip';
import type { whipSchemas } from '@stromwerk/contracts/api/whip.schemas';
import type { HttpCore } from './http';
import type { LIVE_RESOURCE_NAMES } from './live-resource-names';
import { tableApi } from './table-api';

// The live resources, made from their route tables (schemas imported as types only: no zod at run time).
export const sourcesApi = (http: HttpCore) =>
  tableApi<typeof sourceRoutes, typeof sourceSchemas>(http, sourceRoutes);
export const targetsApi = (http: HttpCore) =>
  tableApi<typeof targetRoutes, typeof targetSchemas>(http, targetRoutes);
export const outputsApi = (http: HttpCore) =>
  tableApi<typeof outputRoutes, typeof outputSchemas>(http, outputRoutes);
export const commentsApi = (http: HttpCore) =>
  tableApi<typeof commentRoutes, typeof commentSchemas>(http, commentRoutes);
export const streamInfosApi = (http: HttpCore) =>
  tableApi<typeof streamInfoRoutes, typeof streamInfoSchemas>(http, streamInfoRoutes);
export const mediasApi = (http: HttpCore) =>
  tableApi<typeof mediaRoutes, typeof mediaSchemas>(http, mediaRoutes);
export const jobsApi = (http: HttpCore) => tableApi<typeof jobRoutes, typeof jobSchemas>(http, jobRoutes);
export const playApi = (http: HttpCore) => tableApi<typeof playRoutes, typeof playSchemas>(http, playRoutes);
export const clipsApi = (http: HttpCore) => tableApi<typeof clipRoutes, typeof clipSchemas>(http, clipRoutes);
export const draftsApi = (http: HttpCore) =>
  tableApi<typeof draftRoutes, typeof draftSchemas>(http, draftRoutes);

/** The Flowchart's graph of a workspace. */
export const graphApi = (http: HttpCore) =>
  tableApi<typeof graphRoutes, typeof graphSchemas>(http, graphRoutes);

/** A user's social connections (issue 20). */
export const socialsApi = (http: HttpCore) =>
  tableApi<typeof socialRoutes, typeof socialSchemas>(http, socialRoutes);
/** Posting media to social connections, and their folders. */
export const socialPostsApi = (http: HttpCore) =>
  tableApi<typeof socialPostRoutes, typeof socialPostSchemas>(http, socialPostRoutes);

/** WHIP publishing (issue 35): its calls carry a source's stream key as bearer token, not a login. */
export const whipApi = (http: HttpCore) => tableApi<typeof whipRoutes, typeof whipSchemas>(http, whipRoutes);

/** Every live resource of one client, as `createClient` and `createLazyClient` hand them out. */
export const liveResources = (http: HttpCore) => ({
  sources: sourcesApi(http),
  targets: targetsApi(http),
  outputs: outputsApi(http),
  comments: commentsApi(http),
  streamInfos: streamInfosApi(http),
  medias: mediasApi(http),
  jobs: jobsApi(http),
  clips: clipsApi(http),
  drafts: draftsApi(http),
  socials: socialsApi(http),
  socialPosts: socialPostsApi(http),
  graph: graphApi(http),
  play: playApi(http),
  whip: whipApi(http),
});
export type LiveResources = ReturnType<typeof liveResources>;

// Every live resource is named above: a resource missing there would be undefined on a lazy client.
type Unnamed = Exclude<keyof LiveResources, (typeof LIVE_RESOURCE_NAMES)[number]>;
export const everyLiveResourceNamed: [Unnamed] extends [never] ? true : Unnamed = true;
