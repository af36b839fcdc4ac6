import { socialRoutes as table } from '@stromwerk/contracts/api/socials';
import { socialSchemas } from '@stromwerk/contracts/api/socials.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';
import { bindingCookie, bindingCookieOf } from './social-connect.service';

export async function socialsRoutes(app: FastifyInstance) {
  const { socials, socialConnect, socialShares, socialLive, socialDirectory, config } = app.services;
  const secure = config.publicUrl.startsWith('https:');

  registerTable(app, table, socialSchemas, ['socials'], {
    networks: () => socials.networks(),
    list: (req) => socialDirectory.list(actorOf(req), req.query),
    create: (req) => socials.create(actorOf(req), req.body),
    get: (req) => socials.get(actorOf(req), req.params.id),
    update: (req) => socials.update(actorOf(req), req.params.id, req.body),
    remove: (req) => socials.remove(actorOf(req), req.params.id),
    check: (req) => socials.check(actorOf(req), req.params.id),
    connect: async (req, reply) => {
      const started = await socialConnect.start(
        actorOf(req),
        req.params.network,
        bindingCookieOf(req.headers.cookie),
      );
      reply.header('set-cookie', bindingCookie(started.binding, secure));
      return { authorizeUrl: started.authorizeUrl };
    },
    accounts: (req) => socialLive.subAccounts(actorOf(req), req.params.id),
    subAccounts: (req) => socialLive.subAccounts(actorOf(req), req.params.id),
    tags: (req) => socialDirectory.tags(actorOf(req), req.params.id, req.query),
    categories: (req) => socialLive.categories(actorOf(req), req.params.id, req.query),
    shares: (req) => socialShares.shares(actorOf(req), req.params.id),
    putShares: (req) => socialShares.putShares(actorOf(req), req.params.id, req.body.items),
    usableInWorkspace: (req) => socialShares.usableInWorkspace(actorOf(req), req.params.id),
    oauthApps: async () => ({ items: await socials.apps.settings() }),
    putOauthApp: (req) => socials.apps.put(req.params.network, req.body),
    removeOauthApp: (req) => socials.apps.remove(req.params.network),
    callback: async (req, reply) => {
      const location = await socialConnect.finish(
        req.params.network,
        req.query,
        bindingCookieOf(req.headers.cookie),
      );
      return reply.redirect(location, 302);
    },
  });
}
