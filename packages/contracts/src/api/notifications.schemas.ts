import { idParamsSchema, pageOf } from '../common';
import { notificationListQuerySchema, notificationSchema } from '../notifications';
import { notificationRoutes } from './notifications';
import { schemasFor } from './schemas';

const params = idParamsSchema;

export const notificationSchemas = schemasFor(notificationRoutes, {
  list: { query: notificationListQuerySchema, response: pageOf(notificationSchema) },
  get: { params, response: notificationSchema },
  remove: { params },
  listOfCorporation: { params, query: notificationListQuerySchema, response: pageOf(notificationSchema) },
});
