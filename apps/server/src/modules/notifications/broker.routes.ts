import {
  brokerAclBodySchema,
  brokerAuthBodySchema,
  brokerCredentialsSchema,
  brokerDecisionSchema,
} from '@stromwerk/contracts/notifications';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { actorOf, privateErrors, publicErrors, typed } from '../../lib/route';
import type { Config } from '../../plugins/config';
import { topicAccess } from './topic-access';

/** The page's own origin + /mqtt when embedded; MQTT_PUBLIC_URL (or a ws MQTT_URL) for an external broker. */
function brokerUrl(config: Config, req: FastifyRequest): string {
  const sameOrigin = `${req.protocol === 'https' ? 'wss' : 'ws'}://${req.host}/mqtt`;
  if (!config.mqttUrl) return sameOrigin;
  if (config.mqttPublicUrl) return config.mqttPublicUrl;
  if (/^wss?:/.test(config.mqttUrl)) {
    const url = new URL(config.mqttUrl);
    url.username = '';
    url.password = '';
    return url.toString();
  }
  // A TCP-only broker URL is useless to a browser: assume the reverse proxy forwards /mqtt to it.
  return sameOrigin;
}

/**
 * Broker access. The credentials route tells the browser where and how to connect; auth and acl are the
 * EMQX 5 HTTP authenticator/authorizer hooks (docs/operations.md). Those two are public because the broker
 * calls them, so they decide exactly as the embedded broker does: session token of that user, subscriptions
 * per membership, never a client publish.
 */
export async function brokerRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { config, database, sessions, access } = app.services;
  const decide = topicAccess(database.db, sessions, access);
  const tags = ['notifications'];

  app.get(
    '/broker/credentials',
    {
      schema: {
        tags,
        summary: 'Where and with which credentials the browser connects to the notification broker',
        response: { 200: brokerCredentialsSchema, ...privateErrors },
      },
    },
    (req) => {
      const actor = actorOf(req);
      // The password is the session token itself; API keys are never handed to a broker.
      if (actor.via !== 'session') {
        throw new AppError('FORBIDDEN', 'Live notifications need a session: log in with a password');
      }
      const token = req.headers.authorization!.slice('Bearer '.length);
      return { url: brokerUrl(config, req), username: actor.user.id, password: token };
    },
  );

  app.post(
    '/broker/auth',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'EMQX HTTP authentication: username = user id, password = session token',
        body: brokerAuthBodySchema,
        response: { 200: brokerDecisionSchema, ...publicErrors },
      },
    },
    async (req) => {
      const who = await decide.authenticate(req.body.username, req.body.password);
      return who ? { result: 'allow' as const, is_superuser: false } : { result: 'deny' as const };
    },
  );

  app.post(
    '/broker/acl',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'EMQX HTTP authorization: subscriptions per membership, publishing never',
        body: brokerAclBodySchema,
        response: { 200: brokerDecisionSchema, ...publicErrors },
      },
    },
    async (req) => {
      if (req.body.action !== 'subscribe') return { result: 'deny' as const };
      const ok = await decide.maySubscribe(req.body.username, req.body.topic);
      return { result: ok ? ('allow' as const) : ('deny' as const) };
    },
  );
}
