import type { Page, PageQuery } from '@stromwerk/contracts/common';
import type {
  Corporation,
  CreateCorporationBody,
  UpdateCorporationBody,
  WorkspaceSortingBody,
} from '@stromwerk/contracts/corporations';
import type { Invitation } from '@stromwerk/contracts/invitations';
import type {
  HasAccessResponse,
  Member,
  Permission,
  SetUserPermissionsBody,
} from '@stromwerk/contracts/permissions';
import type { lastReportResponseSchema, Quota, UpdateQuotaBody, Usage } from '@stromwerk/contracts/usage';
import type { Workspace } from '@stromwerk/contracts/workspaces';
import type { z } from 'zod';
import type { CallOpts, HttpCore } from './http';
import { path } from './path';

export type LastReportResponse = z.infer<typeof lastReportResponseSchema>;

export function corporationsApi(http: HttpCore) {
  const at = (id: string, rest = '') => `${path`/corporations/${id}`}${rest}`;
  return {
    list: (query?: Partial<PageQuery>, opts?: CallOpts) =>
      http.request<Page<Corporation>>({ method: 'GET', path: '/corporations', query, ...opts }),
    create: (body: CreateCorporationBody, opts?: CallOpts) =>
      http.request<Corporation>({ method: 'POST', path: '/corporations', body, ...opts }),
    get: (id: string, opts?: CallOpts) => http.request<Corporation>({ method: 'GET', path: at(id), ...opts }),
    update: (id: string, body: UpdateCorporationBody, opts?: CallOpts) =>
      http.request<Corporation>({ method: 'PUT', path: at(id), body, ...opts }),
    // Singular `corporation` on purpose: spec section 7 names this path.
    remove: (id: string, opts?: CallOpts) =>
      http.request<void>({ method: 'DELETE', path: path`/corporation/${id}`, ...opts }),
    block: (id: string, opts?: CallOpts) =>
      http.request<Corporation>({ method: 'PUT', path: at(id, '/block'), ...opts }),
    unblock: (id: string, opts?: CallOpts) =>
      http.request<Corporation>({ method: 'PUT', path: at(id, '/unblock'), ...opts }),
    hasAccess: (id: string, permission?: Permission, opts?: CallOpts) =>
      http.request<HasAccessResponse>({
        method: 'GET',
        path: at(id, '/has-access'),
        query: { permission },
        ...opts,
      }),
    setUserPermissions: (id: string, body: SetUserPermissionsBody, opts?: CallOpts) =>
      http.request<void>({ method: 'PUT', path: at(id, '/set-user-permissions'), body, ...opts }),
    members: (id: string, query?: Partial<PageQuery>, opts?: CallOpts) =>
      http.request<Page<Member>>({ method: 'GET', path: at(id, '/members'), query, ...opts }),
    setWorkspaceSorting: (id: string, body: WorkspaceSortingBody, opts?: CallOpts) =>
      http.request<void>({ method: 'PUT', path: at(id, '/set-workspace-sorting'), body, ...opts }),
    quota: (id: string, opts?: CallOpts) =>
      http.request<Quota>({ method: 'GET', path: at(id, '/quota'), ...opts }),
    updateQuota: (id: string, body: UpdateQuotaBody, opts?: CallOpts) =>
      http.request<Quota>({ method: 'PUT', path: at(id, '/quota'), body, ...opts }),
    usage: (id: string, opts?: CallOpts) =>
      http.request<Usage>({ method: 'GET', path: at(id, '/usage'), ...opts }),
    lastUsageReport: (id: string, opts?: CallOpts) =>
      http.request<LastReportResponse>({ method: 'GET', path: at(id, '/usage/lastReport'), ...opts }),
    workspaces: (id: string, query?: Partial<PageQuery>, opts?: CallOpts) =>
      http.request<Page<Workspace>>({ method: 'GET', path: at(id, '/workspaces'), query, ...opts }),
    invitations: (id: string, query?: Partial<PageQuery>, opts?: CallOpts) =>
      http.request<Page<Invitation>>({ method: 'GET', path: at(id, '/invitations'), query, ...opts }),
  };
}

export type CorporationsApi = ReturnType<typeof corporationsApi>;
