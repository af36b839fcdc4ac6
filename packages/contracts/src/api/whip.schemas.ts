import { z } from 'zod';
import { whepOfferSchema } from '../outputs';
import { schemasFor } from './schemas';
import { whipRoutes } from './whip';

const key = ['STREAM_KEY_INVALID'] as const;

export const whipSchemas = schemasFor(whipRoutes, {
  publish: {
    summary:
      'Goes live on a WebRTC (WHIP) source: an SDP offer (sendonly H.264 with packetization mode 1, Opus) answered 201 with the SDP answer (ICE gathered in full, no trickle) and the publish as Location; the stream key as Authorization: Bearer',
    body: whepOfferSchema,
    errors: [
      ...key,
      'VALIDATION_FAILED',
      'CONFLICT',
      'ALREADY_LIVE',
      'PUBLISH_REFUSED',
      'FEATURE_UNAVAILABLE',
    ],
  },
  end: {
    summary: 'Ends a WHIP publish (the same bearer token): the source goes offline as when an encoder stops',
    params: z.object({ resource: z.uuid() }),
    errors: [...key, 'NOT_FOUND'],
  },
});
