import { idParamsSchema, pageOf } from '../common';
import { notificationListQuerySchema, notificationSchema } from '../notifications';
import { notificationRoutes } from './notifications';
import { schemasFor } from './schemas';

const params = idParamsSchema;

export const notificationSchemas = schemasFor(notificationRoutes, {
  list: {
    summary: "The caller's notifications, newest first; delayed ones show ready false until due",
    query: notificationListQuerySchema,
    response: pageOf(notificationSchema),
  },
  get: { summary: 'One notification of the caller', params, response: notificationSchema },
  remove: { summary: 'Delete one notification of the caller', params },
  listOfCorporation: {
    summary: "The caller's notifications about one corporation",
    params,
    query: notificationListQuerySchema,
    response: pageOf(notificationSchema),
  },
});
