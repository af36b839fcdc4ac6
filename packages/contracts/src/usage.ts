import { z } from 'zod';
import { dateTimeSchema } from './common';

export const quotaSchema = z
  .object({
    corporationId: z.uuid(),
    maxWorkspaces: z.number().int().min(0),
    maxUsers: z.number().int().min(0),
    maxStorageBytes: z.number().int().min(0),
    maxSources: z.number().int().min(0),
    maxTargets: z.number().int().min(0),
    maxOutputs: z.number().int().min(0),
    maxViewers: z.number().int().min(0),
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Quota' });
export type Quota = z.infer<typeof quotaSchema>;
export const updateQuotaBodySchema = quotaSchema.omit({ corporationId: true, updatedAt: true }).partial();
export type UpdateQuotaBody = z.infer<typeof updateQuotaBodySchema>;

export const usageSchema = z
  .object({
    corporationId: z.uuid(),
    workspaceId: z.uuid().nullable(),
    workspaces: z.number().int(),
    users: z.number().int(),
    storageBytes: z.number().int(),
    sources: z.number().int(),
    targets: z.number().int(),
    outputs: z.number().int(),
    medias: z.number().int(),
    lastUpdate: dateTimeSchema,
  })
  .meta({ id: 'Usage' });
export type Usage = z.infer<typeof usageSchema>;

export const usageReportSchema = z
  .object({
    id: z.uuid(),
    corporationId: z.uuid(),
    workspaceId: z.uuid().nullable(),
    usage: usageSchema,
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'UsageReport' });
export type UsageReport = z.infer<typeof usageReportSchema>;
export const lastReportResponseSchema = z.object({ report: usageReportSchema.nullable() });
export const createUsageReportBodySchema = z.object({
  corporationId: z.uuid(),
  workspaceId: z.uuid().optional(),
});
