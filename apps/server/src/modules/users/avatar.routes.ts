import { avatarRoutes as table } from '@stromwerk/contracts/api/users';
import { avatarSchemas } from '@stromwerk/contracts/api/users.schemas';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';
import { acceptFiles } from '../../plugins/multipart';
import { AVATAR_MAX_BYTES } from './avatar.service';

export async function avatarRoutes(app: FastifyInstance) {
  await acceptFiles(app);
  const { avatars } = app.services;
  registerTable(app, table, avatarSchemas, ['users'], {
    uploadAvatar: async (req) => {
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
    removeAvatar: (req) => avatars.clear(actorOf(req), req.params.id),
  });
}
