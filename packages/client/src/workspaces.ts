import type { Page, PageQuery } from '@stromwerk/contracts/common';
import type {
  HasAccessResponse,
  Member,
  Permission,
  SetUserPermissionsBody,
} from '@stromwerk/contracts/permissions';
import type { Usage } from '@stromwerk/contracts/usage';
import type {
  CreateWorkspaceBody,
  UpdateWorkspaceBody,
  Workspace,
  WorkspaceListQuery,
} from '@stromwerk/contracts/workspaces';
import type { LastReportResponse } from './corporations';
import type { CallOpts, HttpCore } from './http';
import { path } from './path';

export function workspacesApi(http: HttpCore) {
  const at = (id: string, rest = '') => `${path`/workspaces/${id}`}${rest}`;
  return {
    /** Every workspace the caller may see; `corporationId` narrows to one corporation. */
    list: (query?: Partial<WorkspaceListQuery>, opts?: CallOpts) =>
      http.request<Page<Workspace>>({ method: 'GET', path: '/workspaces', query, ...opts }),
    create: (body: CreateWorkspaceBody, opts?: CallOpts) =>
      http.request<Workspace>({ method: 'POST', path: '/workspaces', body, ...opts }),
    get: (id: string, opts?: CallOpts) => http.request<Workspace>({ method: 'GET', path: at(id), ...opts }),
    update: (id: string, body: UpdateWorkspaceBody, opts?: CallOpts) =>
      http.request<Workspace>({ method: 'PUT', path: at(id), body, ...opts }),
    remove: (id: string, opts?: CallOpts) => http.request<void>({ method: 'DELETE', path: at(id), ...opts }),
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
    usage: (id: string, opts?: CallOpts) =>
      http.request<Usage>({ method: 'GET', path: at(id, '/usage'), ...opts }),
    lastUsageReport: (id: string, opts?: CallOpts) =>
      http.request<LastReportResponse>({ method: 'GET', path: at(id, '/usage/lastReport'), ...opts }),
  };
}

export type WorkspacesApi = ReturnType<typeof workspacesApi>;
