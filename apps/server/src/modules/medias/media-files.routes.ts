import type { mediaSchemas } from '@stromwerk/contracts/api/medias.schemas';
import { AppError } from '../../lib/app-error';
import { parseRange } from '../../lib/byte-range';
import type { TableHandler } from '../../lib/table-routes';
import { MEDIA_FILE_POLICY, setOwnPolicy } from '../../plugins/security-headers';
import type { Services } from '../../services';

type MediaSchemas = typeof mediaSchemas;

/**
 * The bytes of a media file behind a signed link (see media-links.ts), with Range support so the preview
 * player can seek. Public: the signature is the permission. Registered with the media table
 * (`mediaRoutes.file`).
 */
export function serveMediaFile(services: Services): TableHandler<MediaSchemas['file']> {
  const { medias, mediaLinks, storage } = services;
  return async (req, reply) => {
    const { id, kind } = req.params;
    if (!(await mediaLinks.verify(id, kind, req.query.exp, req.query.sig)))
      throw new AppError('FORBIDDEN', 'This link is invalid or has expired');
    const { row, file, size } = await medias.file(id, kind);
    reply.header('accept-ranges', 'bytes');
    reply.header('content-type', file.mimeType);
    reply.header('cache-control', 'private, max-age=3600');
    setOwnPolicy(req, reply, MEDIA_FILE_POLICY);
    if (req.query.download) {
      const ext = file.bucketRef.match(/\.[a-z0-9]+$/i)?.[0] ?? '';
      const name = `${row.name}${ext}`;
      reply.header(
        'content-disposition',
        `attachment; filename="${name.replace(/[^\w.\- ]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
    }
    const rangeHeader = req.headers.range;
    if (rangeHeader) {
      const range = parseRange(rangeHeader, size);
      if (!range) {
        reply.header('content-range', `bytes */${size}`);
        throw new AppError('RANGE_NOT_SATISFIABLE', 'range: Not satisfiable');
      }
      reply.status(206);
      reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      reply.header('content-length', range.end - range.start + 1);
      return reply.send(storage.read(file.bucketRef, range));
    }
    reply.header('content-length', size);
    return reply.send(storage.read(file.bucketRef));
  };
}
