import { routeTable } from './route';

/**
 * The public player's API (spec section 5): no account; the session call checks password, embedding origin
 * and viewer limit and hands out a viewer token (`t`) that every other call carries (in the query, or for
 * the HLS files as the path prefix `/play/<id>/t/<token>/`).
 */
export const playRoutes = routeTable({
  session: {
    method: 'POST',
    path: '/play/:id/session',
    access: 'public',
  },
  state: {
    method: 'GET',
    path: '/play/:id/state',
    access: 'public',
  },
  playlist: {
    method: 'GET',
    path: '/play/:id/index.m3u8',
    access: 'public',
    produces: 'application/vnd.apple.mpegurl',
  },
  segment: {
    method: 'GET',
    path: '/play/:id/:file',
    access: 'public',
    produces: 'video/mp2t',
  },
  // The same two under a signed path prefix (issue 30): the playlist's lines stay relative and carry no
  // token, so a day of DVR is not 10,800 copies of it. The query-token forms above keep working.
  signedPlaylist: {
    method: 'GET',
    path: '/play/:id/t/:token/index.m3u8',
    access: 'public',
    produces: 'application/vnd.apple.mpegurl',
  },
  signedSegment: {
    method: 'GET',
    path: '/play/:id/t/:token/:file',
    access: 'public',
    produces: 'video/mp2t',
  },
  // A player with a quality ladder (issue 34): the multivariant playlist, and each lower rung's playlist
  // and files in its own folder (`r1`, `r2`…) under the same signed prefix; the top rung is the two above.
  signedMultivariant: {
    method: 'GET',
    path: '/play/:id/t/:token/master.m3u8',
    access: 'public',
    produces: 'application/vnd.apple.mpegurl',
  },
  signedRungPlaylist: {
    method: 'GET',
    path: '/play/:id/t/:token/:rung/index.m3u8',
    access: 'public',
    produces: 'application/vnd.apple.mpegurl',
  },
  signedRungSegment: {
    method: 'GET',
    path: '/play/:id/t/:token/:rung/:file',
    access: 'public',
    produces: 'video/mp2t',
  },
  // Real time (issue 35): WHEP (RFC 9725). The viewer token of the session call (password, embedding
  // origin and viewer limit decided there) in `t`; the offer and the answer are SDP. The answer's
  // `Location` is the viewer's WHEP resource: DELETE on it ends the viewer.
  whep: {
    method: 'POST',
    path: '/play/:id/whep',
    access: 'public',
    status: 201,
    consumes: 'application/sdp',
    produces: 'application/sdp',
  },
  whepEnd: {
    method: 'DELETE',
    path: '/play/:id/whep/:resource',
    access: 'public',
    status: 204,
  },
  comments: {
    method: 'GET',
    path: '/play/:id/comments',
    access: 'public',
  },
  comment: {
    method: 'POST',
    path: '/play/:id/comments',
    access: 'public',
    status: 201,
  },
});
