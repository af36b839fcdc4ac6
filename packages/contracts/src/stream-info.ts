import { z } from 'zod';
import { dateTimeSchema } from './common';

/** What ffprobe saw on a live input: codecs, resolution, frame rate, bitrates, audio. */
export const streamInfoSchema = z
  .object({
    formatName: z.string().nullable(),
    video: z
      .object({
        codec: z.string(),
        width: z.number().int(),
        height: z.number().int(),
        fps: z.number().nullable(),
        bitrateKbps: z.number().nullable(),
        profile: z.string().nullable(),
        /**
         * Whether the encoder sends B-frames (ffprobe's has_b_frames): WebRTC viewers take none, so a
         * real-time player then encodes its picture again (issue 35). Absent in older records.
         */
        bFrames: z.boolean().nullable().optional(),
      })
      .nullable(),
    audio: z
      .object({
        codec: z.string(),
        sampleRate: z.number().int().nullable(),
        channels: z.number().int().nullable(),
        bitrateKbps: z.number().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'StreamInfo' });
export type StreamInfo = z.infer<typeof streamInfoSchema>;

/** One live session of a source: when it started, ended, and what it carried. */
export const streamInfoRecordSchema = z
  .object({
    id: z.uuid(),
    sourceId: z.uuid(),
    corporationId: z.uuid(),
    workspaceId: z.uuid(),
    streamStart: dateTimeSchema,
    streamEnd: dateTimeSchema.nullable(),
    info: streamInfoSchema.nullable(),
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'StreamInfoRecord' });
export type StreamInfoRecord = z.infer<typeof streamInfoRecordSchema>;

export const createStreamInfoBodySchema = z.object({
  sourceId: z.uuid(),
  streamStart: dateTimeSchema,
  streamEnd: dateTimeSchema.optional(),
  info: streamInfoSchema.optional(),
});
export type CreateStreamInfoBody = z.infer<typeof createStreamInfoBodySchema>;
