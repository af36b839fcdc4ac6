import { routeTable, ws } from './route';

/** Clipping Tool (issue 14): clips from a player's DVR window or a media, and live markers. */
export const clipRoutes = routeTable({
  create: { method: 'POST', path: '/clips', access: ws('write'), status: 202 },
  dvr: { method: 'GET', path: '/outputs/:id/dvr', access: ws('read') },
  fastCut: { method: 'GET', path: '/outputs/:id/dvr/fast-cut', access: ws('read') },
  markers: { method: 'GET', path: '/outputs/:id/markers', access: ws('read') },
  addMarker: { method: 'POST', path: '/outputs/:id/markers', access: ws('write'), status: 201 },
  removeMarker: {
    method: 'DELETE',
    path: '/outputs/:id/markers/:markerId',
    access: ws('write'),
    status: 204,
  },
});
