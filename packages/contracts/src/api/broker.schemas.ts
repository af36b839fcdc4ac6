import {
  brokerAclBodySchema,
  brokerAuthBodySchema,
  brokerCredentialsSchema,
  brokerDecisionSchema,
} from '../notifications';
import { brokerRoutes } from './broker';
import { schemasFor } from './schemas';

export const brokerSchemas = schemasFor(brokerRoutes, {
  credentials: { response: brokerCredentialsSchema },
  auth: { body: brokerAuthBodySchema, response: brokerDecisionSchema },
  acl: { body: brokerAclBodySchema, response: brokerDecisionSchema },
});
