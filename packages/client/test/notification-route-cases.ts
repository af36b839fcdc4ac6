import type { RouteCase } from './user-route-cases';

// Stored notifications and the broker credentials.
export const notificationRouteCases: RouteCase[] = [
  [
    'notifications.list',
    (c) => c.notifications.list({ ready: false, limit: 5 }),
    'GET /v1/notifications?ready=false&limit=5',
  ],
  [
    'notifications.listOfCorporation',
    (c) => c.notifications.listOfCorporation('c1', { offset: 10 }),
    'GET /v1/corporations/c1/notifications?offset=10',
  ],
  ['notifications.get', (c) => c.notifications.get('n/1'), 'GET /v1/notifications/n%2F1'],
  ['notifications.remove', (c) => c.notifications.remove('n1'), 'DELETE /v1/notifications/n1'],
  [
    'notifications.brokerCredentials',
    (c) => c.notifications.brokerCredentials(),
    'GET /v1/broker/credentials',
  ],
];
