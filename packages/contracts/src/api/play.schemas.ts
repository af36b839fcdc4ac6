import { z } from 'zod';
import { commentSchema, viewerCommentBodySchema } from '../comments';
import { pageOf } from '../common';
import {
  PLAY_FILE,
  playDirectivesQuerySchema,
  playParamsSchema,
  playPlaylistQuerySchema,
  playRungParamsSchema,
  playSessionBodySchema,
  playSessionSchema,
  playSignedParamsSchema,
  playTokenQuerySchema,
  whepOfferSchema,
  whepResourceParamsSchema,
} from '../outputs';
import { playRoutes } from './play';
import { schemasFor } from './schemas';

/** What a viewer can meet: a password, a viewer token to renew, an embedding origin, a full player. */
const viewer = [
  'PASSWORD_REQUIRED',
  'VIEWER_TOKEN_INVALID',
  'DOMAIN_NOT_ALLOWED',
  'VIEWER_LIMIT_REACHED',
] as const;

const params = playParamsSchema;
const query = playTokenQuerySchema;
const file = z.string().regex(PLAY_FILE, 'Not a segment name');
const playlistSummary =
  'The HLS playlist (viewer token required), gzip or brotli when the client accepts it. In low latency an LL-HLS playlist that blocks until the part asked for with _HLS_msn/_HLS_part is there (at most 3 target durations, then 503; too far ahead 400); a live DVR playlist offers delta updates (CAN-SKIP-UNTIL, _HLS_skip=YES)';
const segmentSummary =
  'An HLS segment, or in low latency an init segment or part (viewer token required); the next part, announced by the preload hint, is answered once written';

export const playSchemas = schemasFor(playRoutes, {
  session: {
    errors: viewer,
    summary: 'Become a viewer: checks password, embedding origin and viewer limit; returns the viewer token',
    params,
    body: playSessionBodySchema,
    response: playSessionSchema,
  },
  state: {
    summary: 'What the program shows now',
    params,
    query,
    response: playSessionSchema,
    errors: viewer,
  },
  playlist: {
    summary: `${playlistSummary}. Every address in it carries the token; prefer signedPlaylist`,
    params,
    query: playPlaylistQuerySchema,
    errors: [...viewer, 'VALIDATION_FAILED', 'PLAYLIST_NOT_READY'],
  },
  segment: { errors: viewer, summary: segmentSummary, params: params.extend({ file }), query },
  signedPlaylist: {
    summary: `${playlistSummary}. The token is the path prefix; the addresses in it are relative`,
    params: playSignedParamsSchema,
    query: playDirectivesQuerySchema,
    errors: [...viewer, 'VALIDATION_FAILED', 'PLAYLIST_NOT_READY'],
  },
  signedSegment: {
    errors: viewer,
    summary: `${segmentSummary}; the token is the path prefix`,
    params: playSignedParamsSchema.extend({ file }),
  },
  signedMultivariant: {
    summary:
      'The multivariant playlist of a player with a quality ladder: one variant per rung, top first (viewer token in the path prefix)',
    params: playSignedParamsSchema,
    errors: viewer,
  },
  signedRungPlaylist: {
    summary: `${playlistSummary}. A lower rung of the quality ladder; the token is the path prefix`,
    params: playRungParamsSchema,
    query: playDirectivesQuerySchema,
    errors: [...viewer, 'VALIDATION_FAILED', 'PLAYLIST_NOT_READY'],
  },
  signedRungSegment: {
    errors: viewer,
    summary: `${segmentSummary}, of a lower rung of the quality ladder; the token is the path prefix`,
    params: playRungParamsSchema.extend({ file }),
  },
  whep: {
    errors: [...viewer, 'VALIDATION_FAILED', 'REALTIME_OFF', 'PROGRAM_NOT_LIVE'],
    summary:
      'Real time: a WHEP offer (RFC 9725, application/sdp, recvonly H.264 and Opus) answered 201 with the SDP answer (ICE gathered in full, no trickle) and the WHEP resource as Location (viewer token required)',
    params,
    query,
    body: whepOfferSchema,
  },
  whepEnd: {
    summary: 'Ends a real-time viewer: its WebRTC peer closes and it is no longer counted',
    params: whepResourceParamsSchema,
  },
  comments: { summary: 'Approved comments', params, query, response: pageOf(commentSchema), errors: viewer },
  comment: {
    // FORBIDDEN: comments are closed on this player.
    errors: [...viewer, 'FORBIDDEN'],
    summary: 'Post a comment as a viewer; shown at once or after approval, as the moderation level says',
    params,
    query,
    body: viewerCommentBodySchema,
    response: commentSchema,
  },
});
