import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import { jobSchema } from '../jobs';
import {
  byOriginParamsSchema,
  byOriginQuerySchema,
  copyMediaQuerySchema,
  mediaFileParamsSchema,
  mediaFileQuerySchema,
  mediaListQuerySchema,
  mediaSchema,
  updateMediaBodySchema,
  uploadMediaQuerySchema,
  uploadResultSchema,
} from '../medias';
import { mediaRoutes } from './medias';
import { schemasFor } from './schemas';

const params = idParamsSchema;
const listQuery = pageQuerySchema.extend({
  sort: mediaListQuerySchema.shape.sort,
  order: mediaListQuerySchema.shape.order,
});

export const mediaSchemas = schemasFor(mediaRoutes, {
  list: { query: mediaListQuerySchema, response: pageOf(mediaSchema) },
  upload: { query: uploadMediaQuerySchema.partial(), response: uploadResultSchema },
  byOrigin: { params: byOriginParamsSchema, query: byOriginQuerySchema, response: pageOf(mediaSchema) },
  get: { params, response: mediaSchema },
  rename: {
    params,
    query: updateMediaBodySchema.partial(),
    body: updateMediaBodySchema.partial().nullish(),
    response: mediaSchema,
  },
  remove: { params },
  copy: { params, query: copyMediaQuerySchema, body: copyMediaQuerySchema.nullish(), response: mediaSchema },
  renderMp4: { params, response: jobSchema },
  listInWorkspace: { params, query: listQuery, response: pageOf(mediaSchema) },
  listInCorporation: { params, query: listQuery, response: pageOf(mediaSchema) },
  file: { params: mediaFileParamsSchema, query: mediaFileQuerySchema },
});
