import { corp, routeTable, ws } from './route';

/** Media library (spec section 6): uploads, recordings, renders and copies, and their files. */
export const mediaRoutes = routeTable({
  list: { method: 'GET', path: '/medias', access: 'self' },
  create: { method: 'POST', path: '/medias', access: ws('write'), status: 201 },
  upload: {
    method: 'POST',
    path: '/medias/upload',
    access: ws('write'),
    status: 201,
    consumes: 'multipart/form-data',
  },
  uploadFile: {
    method: 'POST',
    path: '/medias/:id/upload',
    access: ws('write'),
    consumes: 'multipart/form-data',
  },
  byOrigin: {
    method: 'GET',
    path: '/medias/by-origin/:origin',
    access: ws('read'),
  },
  get: {
    method: 'GET',
    path: '/medias/:id',
    access: ws('read'),
  },
  rename: {
    method: 'PUT',
    path: '/medias/:id',
    access: ws('write'),
  },
  remove: {
    method: 'DELETE',
    path: '/medias/:id',
    access: ws('write'),
    status: 204,
  },
  copy: {
    method: 'PUT',
    path: '/medias/:id/copy',
    access: ws('write'),
    status: 201,
  },
  keyframes: {
    method: 'GET',
    path: '/medias/:id/keyframes',
    access: ws('read'),
  },
  renderMp4: {
    method: 'PUT',
    path: '/medias/:id/render-mp4',
    access: ws('write'),
    status: 202,
  },
  listInWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/medias',
    access: ws('read'),
  },
  listInCorporation: {
    method: 'GET',
    path: '/corporations/:id/medias',
    access: corp('read'),
  },
  // Signed links (`sig`): the signature is the access check, as for a CDN.
  file: {
    method: 'GET',
    path: '/media-files/:id/:kind',
    access: 'public',
    produces: 'application/octet-stream',
  },
});
