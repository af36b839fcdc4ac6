import { corp, routeTable, ws } from './route';

/** Video Editor drafts (issue 15): timelines rendered by jobs into new media. */
export const draftRoutes = routeTable({
  list: { method: 'GET', path: '/drafts', access: 'self' },
  create: { method: 'POST', path: '/drafts', access: ws('write'), status: 201 },
  get: { method: 'GET', path: '/drafts/:id', access: ws('read') },
  update: { method: 'PUT', path: '/drafts/:id', access: ws('write') },
  remove: { method: 'DELETE', path: '/drafts/:id', access: ws('write'), status: 204 },
  render: { method: 'PUT', path: '/drafts/:id/render', access: ws('write'), status: 202 },
  preview: { method: 'POST', path: '/drafts/:id/preview', access: ws('write'), produces: 'video/mp4' },
  listInWorkspace: { method: 'GET', path: '/workspaces/:id/drafts', access: ws('read') },
  listInCorporation: { method: 'GET', path: '/corporations/:id/drafts', access: corp('read') },
});
