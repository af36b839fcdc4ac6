import { idParamsSchema } from '../common';
import {
  createUsageReportBodySchema,
  lastReportResponseSchema,
  quotaSchema,
  updateQuotaBodySchema,
  usageReportSchema,
  usageSchema,
} from '../usage';
import { schemasFor } from './schemas';
import { usageRoutes } from './usage';

const params = idParamsSchema;

export const usageSchemas = schemasFor(usageRoutes, {
  quota: { params, response: quotaSchema },
  updateQuota: { params, body: updateQuotaBodySchema, response: quotaSchema },
  ofCorporation: { params, response: usageSchema },
  lastReportOfCorporation: { params, response: lastReportResponseSchema },
  ofWorkspace: { params, response: usageSchema },
  lastReportOfWorkspace: { params, response: lastReportResponseSchema },
  report: { body: createUsageReportBodySchema, response: usageReportSchema },
});
