import { brokerRoutes } from '@stromwerk/contracts/api/broker';
import type { brokerSchemas } from '@stromwerk/contracts/api/broker.schemas';
import type { HttpCore } from './http';
import { type TableApi, tableApi } from './table-api';

/** The live broker's connection details and hooks (spec section 7), made from the broker's route table. */
export const brokerApi = (http: HttpCore) =>
  tableApi<typeof brokerRoutes, typeof brokerSchemas>(http, brokerRoutes);

export type BrokerApi = TableApi<typeof brokerRoutes, typeof brokerSchemas>;
