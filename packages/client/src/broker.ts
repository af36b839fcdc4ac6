import type { BrokerCredentials } from '@stromwerk/contracts/notifications';
import type { CallOpts, HttpCore } from './http';

/**
 * The live broker's connection details (spec section 7, notification channel). Hand-written: the broker
 * routes (apps/server/src/modules/notifications/broker.routes.ts) are not in a route table yet.
 */
export function brokerApi(http: HttpCore) {
  return {
    /** What the browser's MQTT client connects with. */
    credentials: (opts?: CallOpts) =>
      http.request<BrokerCredentials>({ method: 'GET', path: '/broker/credentials', ...opts }),
  };
}

export type BrokerApi = ReturnType<typeof brokerApi>;
