import { z } from 'zod';
import { dateTimeSchema, pageQuerySchema } from './common';
import { jobStates, jobTypes } from './values';

export { jobStates, jobTypes };

/**
 * Every long media task is a job (spec section 7 "Jobs"). thumbnail: a still and a preview strip for a
 * media; render-mp4: an H.264/AAC MP4 copy of a media.
 */
export const jobTypeSchema = z.enum(jobTypes);
export type JobType = z.infer<typeof jobTypeSchema>;

export const jobStateSchema = z.enum(jobStates);
export type JobState = z.infer<typeof jobStateSchema>;
export const finishedJobStates: readonly JobState[] = ['done', 'failed', 'cancelled'];

export const jobSchema = z
  .object({
    id: z.uuid(),
    corporationId: z.uuid(),
    workspaceId: z.uuid(),
    type: jobTypeSchema,
    state: jobStateSchema,
    /** The media the job works on. */
    mediaId: z.uuid().nullable(),
    /** The draft a render-draft job renders. */
    draftId: z.uuid().nullable(),
    /** What the job made (render-mp4: the new media). */
    resultMediaId: z.uuid().nullable(),
    /** The social post a social-post job uploads. */
    socialPostId: z.uuid().nullable(),
    /** Where the job's result was published (social-post: the video page, Drive file or FTP address). */
    resultUrl: z.string().nullable(),
    /** 0..100 */
    progress: z.number(),
    /** Estimated seconds left while running. */
    etaSeconds: z.number().int().nullable(),
    error: z.string().nullable(),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    priority: z.number().int(),
    startedAt: dateTimeSchema.nullable(),
    finishedAt: dateTimeSchema.nullable(),
    cancelledAt: dateTimeSchema.nullable(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof jobSchema>;

export const jobListQuerySchema = pageQuerySchema.extend({
  workspaceId: z.uuid().optional(),
  mediaId: z.uuid().optional(),
  type: jobTypeSchema.optional(),
  state: jobStateSchema.optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

export const createJobBodySchema = z.object({
  type: jobTypeSchema,
  mediaId: z.uuid(),
  priority: z.number().int().min(-10).max(10).default(0),
});
export type CreateJobBody = z.infer<typeof createJobBodySchema>;

/** Only a queued job's priority can change; everything else is the worker's. */
export const updateJobBodySchema = z.object({ priority: z.coerce.number().int().min(-10).max(10) });
export type UpdateJobBody = z.infer<typeof updateJobBodySchema>;
