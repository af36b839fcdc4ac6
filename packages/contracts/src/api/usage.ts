import { corp, routeTable, ws } from './route';

/** Quota and usage (spec section 2): limits of a corporation and what it and its workspaces use. */
export const usageRoutes = routeTable({
  quota: {
    method: 'GET',
    path: '/corporations/:id/quota',
    access: { scope: 'corporation', need: 'read', corporationLevel: true },
    summary: 'Quota of a corporation',
  },
  updateQuota: {
    method: 'PUT',
    path: '/corporations/:id/quota',
    access: 'platform',
    summary: 'Change the quota of a corporation (platform administrators)',
  },
  ofCorporation: {
    method: 'GET',
    path: '/corporations/:id/usage',
    access: corp('admin'),
    summary: 'Current usage of a corporation',
  },
  lastReportOfCorporation: {
    method: 'GET',
    path: '/corporations/:id/usage/lastReport',
    access: corp('admin'),
    summary: 'The latest usage report of a corporation',
  },
  ofWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/usage',
    access: ws('read'),
    summary: 'Current usage of a workspace',
  },
  lastReportOfWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/usage/lastReport',
    access: ws('read'),
    summary: 'The latest usage report of a workspace',
  },
  report: {
    method: 'POST',
    path: '/usage',
    access: corp('admin'),
    status: 201,
    summary: 'Record a usage report now',
  },
});
