import type { LiveResources } from './live-resources';

/** Their names, for a client that loads them on first use (lazy-client.ts). */
export const LIVE_RESOURCE_NAMES = [
  'sources',
  'targets',
  'outputs',
  'comments',
  'streamInfos',
  'medias',
  'jobs',
  'clips',
  'drafts',
  'graph',
  'play',
  'whip',
  'socials',
  'socialPosts',
] as const satisfies readonly (keyof LiveResources)[];
