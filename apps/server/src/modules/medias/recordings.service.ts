import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { probeMedia } from '@stromwerk/media/probe';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../plugins/config';
import type { Storage } from '../../plugins/storage';
import type { JobsService } from '../jobs/jobs.service';
import type { SourceRow } from '../sources/sources.repository';
import { type MediasService, mediaKey } from './medias.service';

/** Whose recording it is: a source, or a player & recorder recording its program. */
export type RecordingOwner = Pick<SourceRow, 'id' | 'name' | 'corporationId' | 'workspaceId'>;

const fileSize = (file: string) =>
  stat(file).then(
    (s) => s.size,
    () => null,
  );

/**
 * Turns finished recordings of live sessions into library media (origin `recording`, originId = source).
 * A recording is the user's work: it is kept even past the storage quota (uploads are refused instead),
 * and one left behind by a crash is imported on the next start.
 */
export class RecordingsService {
  constructor(
    private readonly config: Config,
    private readonly storage: Storage,
    private readonly medias: MediasService,
    private readonly jobs: JobsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get root() {
    return join(resolve(this.config.dataDir), 'tmp', 'recordings');
  }

  async dirFor(ownerId: string, startedAt: Date) {
    const dir = join(this.root, `${ownerId}_${startedAt.getTime()}`);
    await mkdir(dir, { recursive: true });
    return dir;
  }

  size = fileSize;

  async finished(
    source: RecordingOwner,
    file: string | null,
    startedAt: Date,
    dir: string,
    recovered = false,
  ) {
    try {
      if (!file) return;
      const probe = await probeMedia({ url: file, format: 'mpegts' }, this.config.ffprobePath, 30_000).catch(
        (err) => {
          this.log.warn({ err, sourceId: source.id }, 'recording is not readable; dropped');
          return null;
        },
      );
      if (!probe) return;
      const id = randomUUID();
      const bucketRef = mediaKey(id, 'original', '.ts');
      const size = await this.storage.importFile(bucketRef, file);
      const { durationMs, ...info } = probe;
      const when = startedAt.toISOString().slice(0, 16).replace('T', ' ');
      const row = await this.medias.repo.insert({
        id,
        corporationId: source.corporationId,
        workspaceId: source.workspaceId,
        name: `${source.name} ${when} UTC${recovered ? ' (recovered)' : ''}`.slice(0, 120),
        origin: 'recording',
        originId: source.id,
        status: 'processing',
        files: [{ kind: 'original', bucketRef, size, mimeType: 'video/mp2t' }],
        probe: info,
        sizeBytes: size,
        durationMs,
        uploadedAt: new Date(),
      });
      this.medias.changed(row, 'created');
      await this.jobs.enqueue({ type: 'thumbnail', media: row });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Recordings a killed process left in DATA_DIR/tmp/recordings become media now. */
  async recoverLeftovers(ownerById: (id: string) => Promise<RecordingOwner | undefined>) {
    const dirs = await readdir(this.root).catch(() => [] as string[]);
    for (const name of dirs) {
      const [sourceId, started] = name.split('_');
      const dir = join(this.root, name);
      const source = sourceId ? await ownerById(sourceId) : undefined;
      const parts = (await readdir(dir).catch(() => [] as string[]))
        .filter((f) => f.startsWith('part-'))
        .sort();
      const sized = [];
      for (const p of parts) if (((await fileSize(join(dir, p))) ?? 0) > 1024) sized.push(join(dir, p));
      if (!source || sized.length === 0) {
        await rm(dir, { recursive: true, force: true });
        continue;
      }
      // Parts are imported one by one: joining needs ffmpeg time the start-up should not wait for.
      for (const part of sized) {
        const partDir = `${part}.d`;
        await mkdir(partDir, { recursive: true });
        await this.finished(source, part, new Date(Number(started) || Date.now()), partDir, true);
      }
      await rm(dir, { recursive: true, force: true });
    }
  }
}
