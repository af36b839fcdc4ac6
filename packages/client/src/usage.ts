import type { createUsageReportBodySchema, UsageReport } from '@stromwerk/contracts/usage';
import type { z } from 'zod';
import type { CallOpts, HttpCore } from './http';

export type CreateUsageReportBody = z.infer<typeof createUsageReportBodySchema>;

/** Reading usage lives with its corporation or workspace; this is the snapshot endpoint. */
export function usageApi(http: HttpCore) {
  return {
    report: (body: CreateUsageReportBody, opts?: CallOpts) =>
      http.request<UsageReport>({ method: 'POST', path: '/usage', body, ...opts }),
  };
}

export type UsageApi = ReturnType<typeof usageApi>;
