import { corp, routeTable, ws } from './route';

/** Quota and usage (spec section 2): limits of a corporation and what it and its workspaces use. */
export const usageRoutes = routeTable({
  quota: {
    method: 'GET',
    path: '/corporations/:id/quota',
    access: { scope: 'corporation', need: 'read', corporationLevel: true },
  },
  updateQuota: {
    method: 'PUT',
    path: '/corporations/:id/quota',
    access: 'platform',
  },
  ofCorporation: {
    method: 'GET',
    path: '/corporations/:id/usage',
    access: corp('admin'),
  },
  lastReportOfCorporation: {
    method: 'GET',
    path: '/corporations/:id/usage/lastReport',
    access: corp('admin'),
  },
  ofWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/usage',
    access: ws('read'),
  },
  lastReportOfWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/usage/lastReport',
    access: ws('read'),
  },
  seriesOfCorporation: {
    method: 'GET',
    path: '/corporations/:id/usage/series',
    access: corp('admin'),
  },
  csvOfCorporation: {
    method: 'GET',
    path: '/corporations/:id/usage/series.csv',
    access: corp('admin'),
    produces: 'text/csv',
  },
  seriesOfWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/usage/series',
    access: ws('read'),
  },
  csvOfWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/usage/series.csv',
    access: ws('read'),
    produces: 'text/csv',
  },
  report: {
    method: 'POST',
    path: '/usage',
    access: corp('admin'),
    status: 201,
  },
});
