import type { Page } from '@stromwerk/contracts/common';
import type {
  BrokerCredentials,
  Notification,
  NotificationListQuery,
} from '@stromwerk/contracts/notifications';
import type { CallOpts, HttpCore } from './http';
import { path } from './path';

/** Stored notifications (always the caller's own) and the live broker's connection details. */
export function notificationsApi(http: HttpCore) {
  const at = (id: string) => path`/notifications/${id}`;
  return {
    list: (query?: Partial<NotificationListQuery>, opts?: CallOpts) =>
      http.request<Page<Notification>>({ method: 'GET', path: '/notifications', query, ...opts }),
    listOfCorporation: (corporationId: string, query?: Partial<NotificationListQuery>, opts?: CallOpts) =>
      http.request<Page<Notification>>({
        method: 'GET',
        path: path`/corporations/${corporationId}/notifications`,
        query,
        ...opts,
      }),
    get: (id: string, opts?: CallOpts) =>
      http.request<Notification>({ method: 'GET', path: at(id), ...opts }),
    remove: (id: string, opts?: CallOpts) => http.request<void>({ method: 'DELETE', path: at(id), ...opts }),
    /** What the browser's MQTT client connects with (spec section 7, notification channel). */
    brokerCredentials: (opts?: CallOpts) =>
      http.request<BrokerCredentials>({ method: 'GET', path: '/broker/credentials', ...opts }),
  };
}

export type NotificationsApi = ReturnType<typeof notificationsApi>;
