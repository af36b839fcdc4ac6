import { routeTable, ws } from './route';

/** Stream-info records: one per live session of a source (start, end, codecs, resolution). */
export const streamInfoRoutes = routeTable({
  list: {
    method: 'GET',
    path: '/streaminfos',
    access: ws('read'),
  },
  create: {
    method: 'POST',
    path: '/streaminfos',
    access: ws('write'),
    status: 201,
  },
  remove: {
    method: 'DELETE',
    path: '/streaminfos/:id',
    access: ws('write'),
    status: 204,
  },
});
