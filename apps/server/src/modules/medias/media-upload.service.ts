import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import type { Media } from '@stromwerk/contracts/medias';
import { type ProbedStream, ProbeError, probeMedia } from '@stromwerk/media/probe';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MediaFile } from '../../db/schema/media';
import { AppError, badRequest, quotaExceeded } from '../../lib/app-error';
import { assertMediaFeature, type MediaStatus } from '../../lib/media-feature';
import type { Actor } from '../../plugins/auth';
import type { Config } from '../../plugins/config';
import type { Storage } from '../../plugins/storage';
import type { AccessService } from '../access/access.service';
import type { JobsService } from '../jobs/jobs.service';
import type { MediasService } from './medias.service';
import { mediaKey } from './medias.service';

export interface Stored {
  id: string;
  name: string;
  file: MediaFile;
  probe: ProbedStream;
}

const MIME_BY_FORMAT: [RegExp, string][] = [
  [/mp4|mov/, 'video/mp4'],
  [/matroska|webm/, 'video/webm'],
  [/mpegts/, 'video/mp2t'],
  [/^mpeg$/, 'video/mpeg'],
  [/^mp3$/, 'audio/mpeg'],
  [/^avi$/, 'video/x-msvideo'],
  [/^aac$/, 'audio/aac'],
  [/^flac$/, 'audio/flac'],
  [/^mxf$/, 'application/mxf'],
  [/flv/, 'video/x-flv'],
  [/wav/, 'audio/wav'],
  [/ogg/, 'audio/ogg'],
  // Stills are media too (a player's overlay image): ffprobe names their demuxer after the codec.
  [/png/, 'image/png'],
  [/jpeg/, 'image/jpeg'],
  [/gif/, 'image/gif'],
  [/webp/, 'image/webp'],
];
/** Demuxers that open what a file names (ffmpeg's names); others are refused as merely unsupported. */
const REFERENCE_FORMAT = /^(hls|concat|sdp|rtsp|rtp|dash|imf|image2|image2pipe|tee)$|external tracks/;
const mimeOf = (format: string | null) =>
  MIME_BY_FORMAT.find(([re]) => format && re.test(format))?.[1] ?? 'application/octet-stream';
const extension = (filename: string) => filename.match(/\.[a-z0-9]{1,8}$/i)?.[0]?.toLowerCase() ?? '';
const baseName = (filename: string) =>
  (filename.replace(/\.[a-z0-9]{1,8}$/i, '').trim() || 'Upload').slice(0, 120);

/** busboy's words for a body that ended early or is not multipart at all. */
export const malformed = (e: unknown) =>
  !(e instanceof AppError) &&
  e instanceof Error &&
  /multipart|boundary|unexpected end|part terminated/i.test(e.message);

/**
 * Bytes an upload may hold between the socket and the disk at each step (multipart part, quota guard,
 * file write): with Node's 16 KiB default each 64 KiB socket read paused the request until its write was
 * done, one small write at a time (issue 32, item 4); with 1 MiB the reads go on while a write runs and the
 * file stream writes what gathered in one writev. Memory stays bounded: a few MiB per upload.
 */
export const UPLOAD_BUFFER = 1024 * 1024;

/** Counts bytes on their way to storage and stops the upload once the corporation's quota is used up. */
function quotaGuard(remaining: number, usedBefore: number, limit: number) {
  let seen = 0;
  return new Transform({
    highWaterMark: UPLOAD_BUFFER,
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > remaining)
        return done(
          quotaExceeded(
            'STORAGE_QUOTA_EXCEEDED',
            'storage_bytes',
            usedBefore + seen,
            limit,
            'file: The storage quota of the corporation is used up',
            'file',
          ),
        );
      done(null, chunk);
    },
  });
}

/**
 * `POST /v1/medias/upload`: multipart streamed straight to storage (memory stays flat whatever the size),
 * each file probed on arrival. The request is all or nothing: a file that is not playable media, a cut-off
 * connection or a full quota removes every file of the request and creates no row.
 */
export class MediaUploadService {
  constructor(
    private readonly config: Config,
    private readonly access: AccessService,
    private readonly storage: Storage,
    private readonly medias: MediasService,
    private readonly jobs: JobsService,
    /** This process's ffmpeg, read at each upload (it may still be detecting at start-up). */
    private readonly media: MediaStatus,
  ) {}

  async upload(actor: Actor, request: FastifyRequest, queryWorkspaceId: string | undefined) {
    if (!request.isMultipart()) throw badRequest('file', 'Send the files as multipart/form-data');
    assertMediaFeature(this.media, (c) => c.ffprobe, 'Uploads need ffprobe, which this server lacks');
    let workspaceId = queryWorkspaceId;
    let scope: { corporationId: string; remaining: number; limit: number } | undefined;
    const stored: Stored[] = [];
    try {
      const options = { limits: { fileSize: Number.POSITIVE_INFINITY }, fileHwm: UPLOAD_BUFFER };
      for await (const part of request.parts(options)) {
        if (part.type === 'field') {
          if (part.fieldname === 'workspaceId' && !workspaceId) workspaceId = String(part.value);
          continue;
        }
        scope ??= await this.scope(actor, workspaceId);
        const item = await this.receive(part.filename, part.file, scope.remaining, scope.limit);
        stored.push(item);
        scope.remaining -= item.file.size;
      }
    } catch (e) {
      await Promise.all(stored.map((s) => this.storage.remove(s.file.bucketRef)));
      // A cut-off upload is the client's doing (often a cancel): a 400, not a server error in the log.
      throw malformed(e) ? badRequest('file', 'The upload was cut off or is not valid multipart') : e;
    }
    if (stored.length === 0) throw badRequest('file', 'Selection required');
    const items: Media[] = [];
    for (const s of stored) items.push(await this.register(scope!.corporationId, workspaceId!, s));
    return { items };
  }

  private async scope(actor: Actor, workspaceId: string | undefined) {
    const parsed = z.uuid().safeParse(workspaceId);
    if (!parsed.success) throw badRequest('workspaceId', workspaceId ? 'Invalid UUID' : 'Required');
    const { workspace } = await this.access.workspace(actor, parsed.data, 'write');
    const remaining = await this.medias.checkQuota(workspace.corporationId, 0);
    const limit = await this.medias.repo.storageQuota(workspace.corporationId);
    return { corporationId: workspace.corporationId, remaining, limit };
  }

  /** Streams one file into storage under the media id `id` and probes it; refused files are removed. */
  async receive(
    filename: string,
    data: NodeJS.ReadableStream,
    remaining: number,
    limit: number,
    id: string = randomUUID(),
  ): Promise<Stored> {
    const bucketRef = mediaKey(id, 'original', extension(filename));
    const guard = quotaGuard(remaining, limit - remaining, limit);
    // pipe() does not pass errors on: a cut-off request must fail the write, not leave it waiting.
    data.once('error', (e) => guard.destroy(e));
    // storage.put's pipeline reports the error; this keeps a late one (after it settled) from crashing us.
    guard.on('error', () => {});
    const size = await this.storage.put(bucketRef, data.pipe(guard));
    try {
      // Judged by content through the same safe input every later read uses: a playlist or reference
      // format (HLS, concat, SDP, DASH...) is refused whatever the file is called.
      const probe = await probeMedia(
        { url: await this.storage.ffmpegInput(bucketRef) },
        this.config.ffprobePath,
      );
      return {
        id,
        name: baseName(filename),
        probe,
        file: { kind: 'original', bucketRef, size, mimeType: mimeOf(probe.formatName) },
      };
    } catch (e) {
      await this.storage.remove(bucketRef);
      if (!(e instanceof ProbeError) || e.kind === 'not-found' || e.kind === 'timeout') throw e;
      const why =
        e.kind !== 'refused'
          ? `"${filename}" is not a playable audio or video file`
          : REFERENCE_FORMAT.test(e.format ?? '')
            ? `"${filename}" is not accepted: format ${e.format} refers to other files or addresses`
            : `"${filename}" is not accepted: format ${e.format} is not a supported audio, video or image format`;
      throw new AppError('UNSUPPORTED_MEDIA', `file: ${why}`, [{ field: 'file', message: why }]);
    }
  }

  private async register(corporationId: string, workspaceId: string, s: Stored) {
    const { durationMs, ...info } = s.probe;
    const row = await this.medias.repo.insert({
      id: s.id,
      corporationId,
      workspaceId,
      name: s.name,
      origin: 'upload',
      status: 'processing',
      files: [s.file],
      probe: info,
      sizeBytes: s.file.size,
      durationMs,
      uploadedAt: new Date(),
    });
    this.medias.changed(row, 'created');
    await this.jobs.enqueue({ type: 'thumbnail', media: row });
    return this.medias.present(row);
  }
}
