import { brokerRoutes as brokerTable } from '@stromwerk/contracts/api/broker';
import { brokerSchemas } from '@stromwerk/contracts/api/broker.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';
import type { Config } from '../../plugins/config';
import { topicAccess } from './topic-access';

/**
 * Where browsers connect: MQTT_PUBLIC_URL, or a ws MQTT_URL without its credentials, for an external
 * broker; "/mqtt" on the page's own origin for the embedded one (a TCP-only MQTT_URL without
 * MQTT_PUBLIC_URL is refused at start, config.ts). Reported by /v1/health too.
 */
export function browserBrokerPath(config: Pick<Config, 'mqttUrl' | 'mqttPublicUrl'>): string {
  if (config.mqttPublicUrl) return config.mqttPublicUrl;
  if (config.mqttUrl && /^wss?:/.test(config.mqttUrl)) {
    const url = new URL(config.mqttUrl);
    url.username = '';
    url.password = '';
    return url.toString();
  }
  return '/mqtt';
}

function brokerUrl(config: Config, req: FastifyRequest): string {
  const path = browserBrokerPath(config);
  return path === '/mqtt' ? `${req.protocol === 'https' ? 'wss' : 'ws'}://${req.host}/mqtt` : path;
}

/**
 * Broker access (table: packages/contracts/src/api/broker.ts). The public hooks decide exactly as the
 * embedded broker does: session token of that user, subscriptions per membership, never a client publish.
 */
export async function brokerRoutes(app: FastifyInstance) {
  const { config, database, sessions, access } = app.services;
  const decide = topicAccess(database.db, sessions, access);
  registerTable(app, brokerTable, brokerSchemas, ['notifications'], {
    credentials: (req) => {
      const actor = actorOf(req);
      // The password is the session token itself; API keys are never handed to a broker.
      if (actor.via !== 'session') {
        throw new AppError('FORBIDDEN', 'Live notifications need a session: log in with a password');
      }
      const token = req.headers.authorization!.slice('Bearer '.length);
      return { url: brokerUrl(config, req), username: actor.user.id, password: token };
    },
    auth: async (req) => {
      const who = await decide.authenticate(req.body.username, req.body.password);
      return who ? { result: 'allow' as const, is_superuser: false } : { result: 'deny' as const };
    },
    acl: async (req) => {
      if (req.body.action !== 'subscribe') return { result: 'deny' as const };
      const ok = await decide.maySubscribe(req.body.username, req.body.topic);
      return { result: ok ? ('allow' as const) : ('deny' as const) };
    },
  });
}
