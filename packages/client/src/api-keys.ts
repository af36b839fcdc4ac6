import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@stromwerk/contracts/api-keys';
import type { Page, PageQuery } from '@stromwerk/contracts/common';
import type { CallOpts, HttpCore } from './http';
import { path } from './path';

export function apiKeysApi(http: HttpCore) {
  return {
    /** The answer is the only time the key itself is shown. */
    create: (userId: string, body: CreateApiKeyBody, opts?: CallOpts) =>
      http.request<CreatedApiKey>({ method: 'POST', path: path`/users/${userId}/api-keys`, body, ...opts }),
    listForUser: (userId: string, query?: Partial<PageQuery>, opts?: CallOpts) =>
      http.request<Page<ApiKey>>({ method: 'GET', path: path`/users/${userId}/api-keys`, query, ...opts }),
    /** The caller's own keys. */
    list: (query?: Partial<PageQuery>, opts?: CallOpts) =>
      http.request<Page<ApiKey>>({ method: 'GET', path: '/api-keys', query, ...opts }),
    invalidate: (id: string, opts?: CallOpts) =>
      http.request<ApiKey>({ method: 'PUT', path: path`/api-keys/${id}/invalidate`, ...opts }),
  };
}

export type ApiKeysApi = ReturnType<typeof apiKeysApi>;
