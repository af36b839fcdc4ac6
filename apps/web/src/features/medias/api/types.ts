import type { Revived } from '@stromwerk/client/dates';
import type { Job } from '@stromwerk/contracts/jobs';
import type { Media, MediaOrigin } from '@stromwerk/contracts/medias';
import { mediaOrigins } from '@stromwerk/contracts/values';

/** A media and a job as the client hands them out (date fields may be revived to Date). */
export type MediaItem = Revived<Media>;
export type JobItem = Revived<Job>;

export const MEDIA_ORIGINS: readonly MediaOrigin[] = mediaOrigins;

/** The library's sort choices and what each asks of the server. */
export const MEDIA_SORTS = {
  newest: { sort: 'createdAt', order: 'desc' },
  name: { sort: 'name', order: 'asc' },
  size: { sort: 'sizeBytes', order: 'desc' },
  duration: { sort: 'durationMs', order: 'desc' },
} as const;
export type MediaSort = keyof typeof MEDIA_SORTS;

export interface MediaFilter {
  search: string;
  sort: MediaSort;
  origin: MediaOrigin | 'all';
}
