import { routeTable } from './route';

/**
 * Broker access (spec section 7, notification channel). The credentials route tells the browser where and
 * how to connect; auth and acl are the EMQX 5 HTTP authenticator/authorizer hooks (docs/operations.md),
 * public because an external MQTT broker calls them with the client's credentials, not a signed-in user.
 */
export const brokerRoutes = routeTable({
  credentials: {
    method: 'GET',
    path: '/broker/credentials',
    access: 'self',
    apiKey: 'never',
  },
  auth: {
    method: 'POST',
    path: '/broker/auth',
    access: 'public',
  },
  acl: {
    method: 'POST',
    path: '/broker/acl',
    access: 'public',
  },
});
