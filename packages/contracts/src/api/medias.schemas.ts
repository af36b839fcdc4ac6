import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import { jobSchema } from '../jobs';
import {
  byOriginParamsSchema,
  byOriginQuerySchema,
  copyMediaQuerySchema,
  createMediaBodySchema,
  mediaFileParamsSchema,
  mediaFileQuerySchema,
  mediaKeyframesSchema,
  mediaListQuerySchema,
  mediaSchema,
  updateMediaBodySchema,
  uploadMediaQuerySchema,
  uploadResultSchema,
} from '../medias';
import { mediaRoutes } from './medias';
import { schemasFor } from './schemas';

const params = idParamsSchema;
const listQuery = pageQuerySchema.extend({
  sort: mediaListQuerySchema.shape.sort,
  order: mediaListQuerySchema.shape.order,
});

export const mediaSchemas = schemasFor(mediaRoutes, {
  list: {
    summary: 'Media the caller may see, filtered',
    query: mediaListQuerySchema,
    response: pageOf(mediaSchema),
  },
  upload: {
    errors: ['STORAGE_QUOTA_EXCEEDED', 'UNSUPPORTED_MEDIA', 'FEATURE_UNAVAILABLE'],
    summary:
      'Upload media files (multipart, one or more `file` parts; `workspaceId` in the query or as a field before the files)',
    query: uploadMediaQuerySchema.partial(),
    response: uploadResultSchema,
  },
  create: {
    summary: 'Create a media before its file (status waiting); upload the file with /medias/{id}/upload',
    body: createMediaBodySchema,
    response: mediaSchema,
  },
  uploadFile: {
    errors: ['STORAGE_QUOTA_EXCEEDED', 'UNSUPPORTED_MEDIA', 'FEATURE_UNAVAILABLE', 'CONFLICT'],
    summary: 'Upload the one file of a waiting media (multipart, one `file` part); 409 once it has one',
    params,
    response: mediaSchema,
  },
  byOrigin: {
    summary: 'Media of one origin (upload, recording, render, clip, copy), optionally made from originId',
    params: byOriginParamsSchema,
    query: byOriginQuerySchema,
    response: pageOf(mediaSchema),
  },
  get: { summary: 'One media with its files and links', params, response: mediaSchema },
  keyframes: {
    summary:
      'Keyframe times of a media’s picture: a lossless (stream copy) cut starts on the last one at or before its In',
    errors: ['FEATURE_UNAVAILABLE', 'CONFLICT'],
    params,
    response: mediaKeyframesSchema,
  },
  rename: {
    summary: 'Rename a media (`name` in the query or the body)',
    params,
    query: updateMediaBodySchema.partial(),
    body: updateMediaBodySchema.partial().nullish(),
    response: mediaSchema,
  },
  // CONFLICT: a player still uses it as fallback or VOD, or a source replays it.
  remove: { summary: 'Delete a media', params, errors: ['CONFLICT'] },
  copy: {
    errors: ['CONFLICT', 'STORAGE_QUOTA_EXCEEDED'],
    summary: 'Copy a media with its files, into its own or another workspace of the corporation',
    params,
    query: copyMediaQuerySchema,
    body: copyMediaQuerySchema.nullish(),
    response: mediaSchema,
  },
  renderMp4: {
    errors: ['CONFLICT', 'QUOTA_EXCEEDED'],
    summary: 'Start a job that renders the media to an H.264/AAC MP4 (a new media of origin render)',
    params,
    response: jobSchema,
  },
  listInWorkspace: {
    summary: 'Media of one workspace',
    params,
    query: listQuery,
    response: pageOf(mediaSchema),
  },
  listInCorporation: {
    summary: 'Media of every workspace of a corporation the caller may see',
    params,
    query: listQuery,
    response: pageOf(mediaSchema),
  },
  file: {
    errors: ['FORBIDDEN', 'RANGE_NOT_SATISFIABLE'],
    summary: "A media file by its signed link (from a media's `links`); supports Range",
    params: mediaFileParamsSchema,
    query: mediaFileQuerySchema,
  },
});
