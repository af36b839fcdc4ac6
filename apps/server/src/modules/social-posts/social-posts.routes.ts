import { socialPostRoutes as table } from '@stromwerk/contracts/api/social-posts';
import { socialPostSchemas } from '@stromwerk/contracts/api/social-posts.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function socialPostsRoutes(app: FastifyInstance) {
  const { socialPosts } = app.services;
  registerTable(app, table, socialPostSchemas, ['socials'], {
    post: (req) => socialPosts.post(actorOf(req), req.body),
    get: (req) => socialPosts.get(actorOf(req), req.params.id),
    folders: (req) => socialPosts.folders(actorOf(req), req.params.id, req.query.parentId),
    createFolder: (req) => socialPosts.createFolder(actorOf(req), req.params.id, req.body),
  });
}
