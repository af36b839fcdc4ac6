import { corp, routeTable, ws } from './route';

/** Media library (spec section 6): uploads, recordings, renders and copies, and their files. */
export const mediaRoutes = routeTable({
  list: { method: 'GET', path: '/medias', access: 'self', summary: 'Media the caller may see, filtered' },
  upload: {
    method: 'POST',
    path: '/medias/upload',
    access: ws('write'),
    status: 201,
    consumes: 'multipart/form-data',
    errors: [413, 415, 503],
    summary:
      'Upload media files (multipart, one or more `file` parts; `workspaceId` in the query or as a field before the files)',
  },
  byOrigin: {
    method: 'GET',
    path: '/medias/by-origin/:origin',
    access: ws('read'),
    summary: 'Media of one origin (upload, recording, render, clip, copy), optionally made from originId',
  },
  get: {
    method: 'GET',
    path: '/medias/:id',
    access: ws('read'),
    summary: 'One media with its files and links',
  },
  rename: {
    method: 'PUT',
    path: '/medias/:id',
    access: ws('write'),
    summary: 'Rename a media (`name` in the query or the body)',
  },
  remove: {
    method: 'DELETE',
    path: '/medias/:id',
    access: ws('write'),
    status: 204,
    summary: 'Delete a media',
  },
  copy: {
    method: 'PUT',
    path: '/medias/:id/copy',
    access: ws('write'),
    status: 201,
    errors: [409, 413],
    summary: 'Copy a media with its files, into its own or another workspace of the corporation',
  },
  renderMp4: {
    method: 'PUT',
    path: '/medias/:id/render-mp4',
    access: ws('write'),
    status: 202,
    errors: [409],
    summary: 'Start a job that renders the media to an H.264/AAC MP4 (a new media of origin render)',
  },
  listInWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/medias',
    access: ws('read'),
    summary: 'Media of one workspace',
  },
  listInCorporation: {
    method: 'GET',
    path: '/corporations/:id/medias',
    access: corp('read'),
    summary: 'Media of every workspace of a corporation the caller may see',
  },
  // Signed links (`sig`): the signature is the access check, as for a CDN.
  file: {
    method: 'GET',
    path: '/media-files/:id/:kind',
    access: 'public',
    produces: 'application/octet-stream',
    errors: [403, 416],
    summary: "A media file by its signed link (from a media's `links`); supports Range",
  },
});
