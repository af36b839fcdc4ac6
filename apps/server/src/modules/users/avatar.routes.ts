import { idParamsSchema } from '@stromwerk/contracts/common';
import { errorResponseSchema } from '@stromwerk/contracts/errors';
import { userSchema } from '@stromwerk/contracts/users';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { actorOf, privateErrors, typed } from '../../lib/route';
import { AVATAR_MAX_BYTES } from './avatar.service';

export async function avatarRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { avatars } = app.services;
  const tags = ['users'];

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

  app.delete(
    '/users/:id/avatar',
    {
      schema: {
        tags,
        summary: 'Remove the avatar',
        params: idParamsSchema,
        response: { 200: userSchema, ...privateErrors },
      },
    },
    (req) => avatars.clear(actorOf(req), req.params.id),
  );
}
