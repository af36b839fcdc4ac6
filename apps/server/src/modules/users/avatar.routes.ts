import { avatarRoutes as table } from '@stromwerk/contracts/api/users';
import { avatarSchemas } from '@stromwerk/contracts/api/users.schemas';
import { idParamsSchema } from '@stromwerk/contracts/common';
import { errorResponseSchema } from '@stromwerk/contracts/errors';
import { userSchema } from '@stromwerk/contracts/users';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { actorOf, privateErrors, typed } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';
import { AVATAR_MAX_BYTES } from './avatar.service';

export async function avatarRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { avatars } = app.services;
  const tags = ['users'];

  // The upload stays registered by hand: its body is multipart, which the route table (JSON bodies and
  // `produces` for binary answers) does not describe; its access rule stays in the access matrix's list.
  app.post(
    '/users/:id/avatar',
    {
      schema: {
        tags,
        summary: 'Upload an avatar image (multipart field `file`, PNG/JPEG/GIF/WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: userSchema, ...privateErrors, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (req) => {
      const file = await req
        .file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } })
        .catch(() => undefined);
      if (!file)
        throw new AppError('VALIDATION_FAILED', 'file: Required', [{ field: 'file', message: 'Required' }]);
      const data = await file.toBuffer().catch(() => {
        throw new AppError('PAYLOAD_TOO_LARGE', 'file: The avatar may be at most 5 MB');
      });
      return avatars.set(actorOf(req), req.params.id, data);
    },
  );

  registerTable(app, table, avatarSchemas, tags, {
    removeAvatar: (req) => avatars.clear(actorOf(req), req.params.id),
  });
}
