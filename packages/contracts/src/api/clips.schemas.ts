import {
  createClipBodySchema,
  createClipResultSchema,
  createMarkerBodySchema,
  dvrFastCutQuerySchema,
  dvrFastCutSchema,
  dvrWindowSchema,
  markerListSchema,
  markerParamsSchema,
  markerSchema,
} from '../clips';
import { idParamsSchema } from '../common';
import { clipRoutes } from './clips';
import { schemasFor } from './schemas';

const params = idParamsSchema;

export const clipSchemas = schemasFor(clipRoutes, {
  create: {
    summary:
      'Cut a clip from a player’s DVR window or a media: the media (origin clip) is answered at once, its job makes the files',
    errors: [
      'CLIP_RANGE_UNAVAILABLE',
      'CLIP_TOO_EARLY',
      'STORAGE_QUOTA_EXCEEDED',
      'QUOTA_EXCEEDED',
      'FEATURE_UNAVAILABLE',
    ],
    body: createClipBodySchema,
    response: createClipResultSchema,
  },
  dvr: { summary: 'The time range a player’s DVR holds now', params, response: dvrWindowSchema },
  fastCut: {
    summary:
      'The range a fast (lossless) clip of `from`-`to` or `lastSeconds` will really cover: whole DVR segments, so it may start earlier and end later than asked',
    errors: ['CLIP_RANGE_UNAVAILABLE', 'CLIP_TOO_EARLY'],
    params,
    query: dvrFastCutQuerySchema,
    response: dvrFastCutSchema,
  },
  markers: { summary: 'Markers set on a player, oldest first', params, response: markerListSchema },
  addMarker: {
    summary: 'Mark a moment of a player’s stream (default: now)',
    errors: ['QUOTA_EXCEEDED'],
    params,
    body: createMarkerBodySchema.nullish(),
    response: markerSchema,
  },
  removeMarker: { summary: 'Remove a marker', params: markerParamsSchema },
});
