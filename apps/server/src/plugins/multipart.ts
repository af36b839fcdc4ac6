import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * multipart/form-data for the routes that take files (media uploads, avatars), registered in their own
 * scopes only: the plugin adds an async hook on every request and one when it is answered (clean-up of
 * files saved to disk, which no route of ours does), about a twentieth of a small answer's CPU when it
 * was global (issue 32). Any other route refuses a multipart body as an unsupported media type (415).
 */
export async function acceptFiles(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: { fields: 20, files: 20 } });
}
