import { corp, routeTable, ws } from './route';

/** Stream sources (spec section 3): ingest, re-live and demo sources of a workspace. */
export const sourceRoutes = routeTable({
  list: { method: 'GET', path: '/sources', access: 'self', summary: 'Sources the caller may see, filtered' },
  create: { method: 'POST', path: '/sources', access: ws('write'), status: 201, summary: 'Create a source' },
  byStreamKey: {
    method: 'GET',
    path: '/sources/by-streamkey/:key',
    access: ws('read'),
    summary: 'The source a stream key belongs to',
  },
  get: { method: 'GET', path: '/sources/:id', access: ws('read'), summary: 'One source' },
  update: { method: 'PUT', path: '/sources/:id', access: ws('write'), summary: 'Change a source' },
  remove: {
    method: 'DELETE',
    path: '/sources/:id',
    access: ws('write'),
    status: 204,
    summary: 'Delete a source',
  },
  bulkDelete: {
    method: 'POST',
    path: '/sources/bulk-delete',
    access: ws('write'),
    summary:
      'Delete up to 200 sources in one request (all or nothing: 404 or 403 for the first id refused, and nothing changes)',
  },
  setMeta: {
    method: 'PUT',
    path: '/sources/:id/meta',
    access: ws('write'),
    summary: 'Merge key/value metadata into the source',
  },
  preview: {
    method: 'GET',
    path: '/sources/:id/preview',
    access: ws('read'),
    produces: 'image/jpeg',
    summary: 'A JPEG of the live picture (at most 5 s old); 404 while the source is not live',
  },
  streamKey: {
    method: 'GET',
    path: '/sources/:id/stream-key',
    access: ws('write'),
    summary: 'Reveal the stream key (write permission)',
  },
  rotateKey: {
    method: 'PUT',
    path: '/sources/:id/rotate-key',
    access: ws('write'),
    summary: 'Replace the stream key; an encoder on the old key is disconnected',
  },
  listInWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/sources',
    access: ws('read'),
    summary: 'Sources of one workspace',
  },
  listInCorporation: {
    method: 'GET',
    path: '/corporations/:id/sources',
    access: corp('read'),
    summary: 'Sources of every workspace of a corporation the caller may see',
  },
});
