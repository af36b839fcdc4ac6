import { idParamsSchema } from '../common';
import {
  createUsageReportBodySchema,
  lastReportResponseSchema,
  quotaSchema,
  updateQuotaBodySchema,
  usageReportSchema,
  usageSchema,
  usageSeriesQuerySchema,
  usageSeriesSchema,
} from '../usage';
import { schemasFor } from './schemas';
import { usageRoutes } from './usage';

const params = idParamsSchema;

export const usageSchemas = schemasFor(usageRoutes, {
  quota: { summary: 'Quota of a corporation', params, response: quotaSchema },
  updateQuota: {
    summary: 'Change the quota of a corporation (platform administrators)',
    params,
    body: updateQuotaBodySchema,
    response: quotaSchema,
  },
  ofCorporation: { summary: 'Current usage of a corporation', params, response: usageSchema },
  lastReportOfCorporation: {
    summary: 'The latest usage report of a corporation',
    params,
    response: lastReportResponseSchema,
  },
  ofWorkspace: { summary: 'Current usage of a workspace', params, response: usageSchema },
  lastReportOfWorkspace: {
    summary: 'The latest usage report of a workspace',
    params,
    response: lastReportResponseSchema,
  },
  seriesOfCorporation: {
    summary: 'Metered usage of a corporation over a range, per interval and workspace',
    params,
    query: usageSeriesQuerySchema,
    response: usageSeriesSchema,
  },
  csvOfCorporation: {
    summary: 'The corporation usage series as CSV (one row per interval and group)',
    params,
    query: usageSeriesQuerySchema,
  },
  seriesOfWorkspace: {
    summary: 'Metered usage of a workspace over a range, per interval',
    params,
    query: usageSeriesQuerySchema,
    response: usageSeriesSchema,
  },
  csvOfWorkspace: {
    summary: 'The workspace usage series as CSV (one row per interval)',
    params,
    query: usageSeriesQuerySchema,
  },
  report: {
    summary: 'Record a usage report now',
    body: createUsageReportBodySchema,
    response: usageReportSchema,
  },
});
