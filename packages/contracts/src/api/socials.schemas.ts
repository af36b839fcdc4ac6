import { z } from 'zod';
import { pageOf, idParamsSchema as params } from '../common';
import {
  callbackQuerySchema,
  connectAnswerSchema,
  connectParamsSchema,
  createSocialBodySchema,
  oauthAppSettingSchema,
  oauthAppSettingsSchema,
  putOauthAppBodySchema,
  putSocialSharesBodySchema,
  socialCategoriesQuerySchema,
  socialCategoriesSchema,
  socialCheckSchema,
  socialListItemSchema,
  socialListQuerySchema,
  socialNetworksSchema,
  socialSchema,
  socialSharesSchema,
  socialSubAccountsSchema,
  socialTagsQuerySchema,
  socialTagsSchema,
  updateSocialBodySchema,
  usableSocialsSchema,
} from '../socials';
import { schemasFor } from './schemas';
import { socialRoutes } from './socials';

export const socialSchemas = schemasFor(socialRoutes, {
  networks: {
    summary: 'The networks this install can connect, by which method, and the redirect address per network',
    response: socialNetworksSchema,
  },
  list: {
    summary:
      "The caller's connections and those shared with workspaces it may read, with the visibilities each network offers",
    query: socialListQuerySchema,
    response: pageOf(socialListItemSchema),
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
  accounts: {
    summary: 'Pages (Facebook) or channels (YouTube) the connection can go live as',
    params,
    response: socialSubAccountsSchema,
    errors: ['SOCIAL_PLATFORM_FAILED', 'FEATURE_UNAVAILABLE'],
  },
  subAccounts: {
    summary: 'Alias of /socials/{id}/accounts (the older name)',
    params,
    response: socialSubAccountsSchema,
    errors: ['SOCIAL_PLATFORM_FAILED', 'FEATURE_UNAVAILABLE'],
  },
  tags: {
    summary:
      "Tag suggestions for posts and live titles: the tags the connection's own posts and live targets used, most used first (no network is asked)",
    params,
    query: socialTagsQuerySchema,
    response: socialTagsSchema,
  },
  categories: {
    summary: 'Categories of the network (YouTube video categories by region, Twitch games by search)',
    params,
    query: socialCategoriesQuerySchema,
    response: socialCategoriesSchema,
    errors: ['SOCIAL_PLATFORM_FAILED', 'FEATURE_UNAVAILABLE'],
  },
  shares: { summary: 'The workspaces a connection is shared with', params, response: socialSharesSchema },
  putShares: {
    summary: 'Share a connection with workspaces (going live and/or posting); its token stays with its owner',
    params,
    body: putSocialSharesBodySchema,
    response: socialSharesSchema,
  },
  usableInWorkspace: {
    summary: "Connections usable in a workspace: the caller's own and those shared with it",
    params,
    response: usableSocialsSchema,
  },
  oauthApps: {
    summary: "The install's OAuth app per network (no secrets) and the redirect address to register",
    response: oauthAppSettingsSchema,
  },
  putOauthApp: {
    summary: "Store a network's OAuth app (client id, sealed secret); an environment value still wins",
    params: connectParamsSchema,
    body: putOauthAppBodySchema,
    response: oauthAppSettingSchema,
    errors: ['FEATURE_UNAVAILABLE'],
  },
  removeOauthApp: { summary: "Forget a network's stored OAuth app", params: connectParamsSchema },
});
