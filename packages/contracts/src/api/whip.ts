import { routeTable } from './route';

/**
 * WHIP ingest (issue 35 item 2; RFC 9725's publishing side): OBS 30+ or the studio page offers its tracks
 * to a source of type `whip`, the source's stream key as `Authorization: Bearer <key>`. The offer and the
 * answer are SDP; the answer's `Location` is the publish's WHIP resource, and DELETE on it (with the same
 * bearer token) ends the publish. Public: the stream key is the credential, as for an RTMP encoder.
 */
export const whipRoutes = routeTable({
  publish: {
    method: 'POST',
    path: '/whip',
    access: 'public',
    status: 201,
    consumes: 'application/sdp',
    produces: 'application/sdp',
  },
  end: {
    method: 'DELETE',
    path: '/whip/:resource',
    access: 'public',
    status: 204,
  },
});
