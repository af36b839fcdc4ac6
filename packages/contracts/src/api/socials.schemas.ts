import { z } from 'zod';
import { idParamsSchema as params } from '../common';
import {
  callbackQuerySchema,
  connectAnswerSchema,
  connectParamsSchema,
  createSocialBodySchema,
  socialCheckSchema,
  socialNetworksSchema,
  socialSchema,
  updateSocialBodySchema,
} from '../socials';
import { schemasFor } from './schemas';
import { socialRoutes } from './socials';

export const socialSchemas = schemasFor(socialRoutes, {
  networks: {
    summary: 'The networks this install can connect, by which method, and the redirect address per network',
    response: socialNetworksSchema,
  },
  create: {
    summary: 'Save an FTP/FTPS connection (checked first) or a stream key',
    body: createSocialBodySchema,
    response: socialSchema,
    errors: ['SOCIAL_CHECK_FAILED', 'TARGET_ADDRESS_REFUSED', 'FEATURE_UNAVAILABLE'],
  },
  get: { summary: 'A social connection', params, response: socialSchema },
  update: {
    summary: 'Rename a social connection',
    params,
    body: updateSocialBodySchema,
    response: socialSchema,
  },
  remove: { summary: 'Delete a social connection; its token is revoked where the network allows it', params },
  check: {
    summary: 'Check a connection: what is wrong and how to fix it',
    params,
    response: socialCheckSchema,
  },
  connect: {
    summary: "Start connecting a network with OAuth 2 (PKCE): the provider's authorization address",
    params: connectParamsSchema,
    response: connectAnswerSchema,
    errors: ['SOCIAL_NOT_CONFIGURED', 'FEATURE_UNAVAILABLE'],
  },
  callback: {
    summary: 'Where the provider sends the browser back; redirects to /user/socials',
    params: connectParamsSchema,
    query: callbackQuerySchema,
    responses: { 302: z.null().describe('To /user/socials?connected=<id> or ?error=<code>') },
  },
});
