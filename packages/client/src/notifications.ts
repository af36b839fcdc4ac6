import { notificationRoutes } from '@stromwerk/contracts/api/notifications';
import type { notificationSchemas } from '@stromwerk/contracts/api/notifications.schemas';
import type { HttpCore } from './http';
import { tableApi } from './table-api';

export const notificationsApi = (http: HttpCore) =>
  tableApi<typeof notificationRoutes, typeof notificationSchemas>(http, notificationRoutes);
