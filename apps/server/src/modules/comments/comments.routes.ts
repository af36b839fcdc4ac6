import { commentRoutes } from '@stromwerk/contracts/api/comments';
import { commentSchemas } from '@stromwerk/contracts/api/comments.schemas';
import { updateCommentBodySchema } from '@stromwerk/contracts/comments';
import type { FastifyInstance } from 'fastify';
import { actorOf, queryOrBody } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function commentsRoutes(app: FastifyInstance) {
  const { comments } = app.services;
  registerTable(app, commentRoutes, commentSchemas, ['comments'], {
    list: (req) => comments.list(actorOf(req), req.query),
    listOfOutput: (req) => comments.listOfOutput(actorOf(req), req.params.id, req.query),
    create: (req) => comments.createByMember(actorOf(req), req.params.id, req.body.text),
    edit: (req) => comments.edit(actorOf(req), req.params.id, queryOrBody(updateCommentBodySchema, req).text),
    remove: (req) => comments.delete(actorOf(req), req.params.id),
    bulkDelete: (req) => comments.deleteMany(actorOf(req), req.body.ids),
    bulkApprove: (req) => comments.setApprovedMany(actorOf(req), req.body.ids, true),
    bulkUnapprove: (req) => comments.setApprovedMany(actorOf(req), req.body.ids, false),
    approve: (req) => comments.setApproved(actorOf(req), req.params.id, true),
    unapprove: (req) => comments.setApproved(actorOf(req), req.params.id, false),
  });
}
