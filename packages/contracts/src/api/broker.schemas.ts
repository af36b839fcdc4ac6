import {
  brokerAclBodySchema,
  brokerAuthBodySchema,
  brokerCredentialsSchema,
  brokerDecisionSchema,
} from '../notifications';
import { brokerRoutes } from './broker';
import { schemasFor } from './schemas';

export const brokerSchemas = schemasFor(brokerRoutes, {
  credentials: {
    summary: 'Where and with which credentials the browser connects to the notification broker',
    response: brokerCredentialsSchema,
  },
  auth: {
    summary: 'EMQX HTTP authentication: username = user id, password = session token',
    body: brokerAuthBodySchema,
    response: brokerDecisionSchema,
  },
  acl: {
    summary: 'EMQX HTTP authorization: subscriptions per membership, publishing never',
    body: brokerAclBodySchema,
    response: brokerDecisionSchema,
  },
});
