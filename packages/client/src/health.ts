import type { Health } from '@stromwerk/contracts/health';
import type { CallOpts, HttpCore } from './http';

export function healthApi(http: HttpCore) {
  return {
    /** No auth needed; reports each part and the engine serving it. */
    get: (opts?: CallOpts) => http.request<Health>({ method: 'GET', path: '/health', ...opts }),
  };
}

export type HealthApi = ReturnType<typeof healthApi>;
