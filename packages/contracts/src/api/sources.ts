import { corp, routeTable, ws } from './route';

/** Stream sources (spec section 3): ingest, re-live and demo sources of a workspace. */
export const sourceRoutes = routeTable({
  list: { method: 'GET', path: '/sources', access: 'self' },
  endpoints: { method: 'GET', path: '/ingest-endpoints', access: 'self' },
  create: {
    method: 'POST',
    path: '/sources',
    access: ws('write'),
    status: 201,
  },
  byStreamKey: {
    method: 'GET',
    path: '/sources/by-streamkey/:key',
    access: ws('read'),
  },
  get: { method: 'GET', path: '/sources/:id', access: ws('read') },
  update: { method: 'PUT', path: '/sources/:id', access: ws('write') },
  remove: {
    method: 'DELETE',
    path: '/sources/:id',
    access: ws('write'),
    status: 204,
  },
  bulkDelete: {
    method: 'POST',
    path: '/sources/bulk-delete',
    access: ws('write'),
  },
  bulkUpdate: {
    method: 'POST',
    path: '/sources/bulk-update',
    access: ws('write'),
  },
  setMeta: {
    method: 'PUT',
    path: '/sources/:id/meta',
    access: ws('write'),
  },
  preview: {
    method: 'GET',
    path: '/sources/:id/preview',
    access: ws('read'),
    produces: 'image/jpeg',
  },
  streamKey: {
    method: 'GET',
    path: '/sources/:id/stream-key',
    access: ws('write'),
  },
  rotateKey: {
    method: 'PUT',
    path: '/sources/:id/rotate-key',
    access: ws('write'),
  },
  listInWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/sources',
    access: ws('read'),
  },
  listInCorporation: {
    method: 'GET',
    path: '/corporations/:id/sources',
    access: corp('read'),
  },
});
