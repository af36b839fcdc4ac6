import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PreviewDraftBody } from '@stromwerk/contracts/drafts';
import { buildDraftRender, type DraftSource } from '@stromwerk/media/draft-args';
import { previewOutput, previewWindow } from '@stromwerk/media/draft-window';
import { runToCompletion } from '@stromwerk/media/run-to-completion';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../plugins/storage';
import { storedInput } from '../medias/media-input';
import type { MediaRow } from '../medias/medias.repository';
import { sourceFacts } from './draft-sources';

/** Previews rendering at once in this process, and how long one may take before it is stopped. */
export const PREVIEWS_AT_ONCE = 2;
const PREVIEW_TIMEOUT_MS = 60_000;

export interface DraftPreviewDeps {
  storage: Storage;
  ffmpegPath: string;
  dataDir: string;
}

/**
 * The editor's exact preview: the seconds around the playhead rendered by the real render graph, small
 * and fast (`previewWindow`), answered as MP4 bytes. A few at once per process and one per user; the
 * scratch folder goes whatever happens.
 */
export class DraftPreviews {
  private readonly running = new Set<string>();

  constructor(private readonly deps: DraftPreviewDeps) {}

  async render(userId: string, body: PreviewDraftBody, library: MediaRow[]): Promise<Buffer> {
    if (this.running.has(userId))
      throw new AppError('RATE_LIMITED', 'Your previous preview is still rendering; wait for it');
    if (this.running.size >= PREVIEWS_AT_ONCE)
      throw new AppError('RATE_LIMITED', 'The server is rendering other previews; try again in a moment');
    this.running.add(userId);
    const dir = join(this.deps.dataDir, 'previews', randomUUID());
    try {
      await mkdir(dir, { recursive: true });
      const sources: Record<string, DraftSource> = {};
      for (const m of library) {
        const original = m.files.find((f) => f.kind === 'original');
        if (original)
          sources[m.id] = { input: await storedInput(this.deps.storage, m, original), ...sourceFacts(m) };
      }
      const window = previewWindow(body.timeline, body.atMs);
      const files = {
        output: join(dir, 'preview.mp4'),
        graphFile: join(dir, 'graph.txt'),
        listFile: join(dir, 'list.txt'),
        textFile: (i: number) => join(dir, `text-${i}.txt`),
      };
      const plan = buildDraftRender(window.timeline, previewOutput(body.output), sources, files, window);
      await writeFile(files.graphFile, plan.graph ?? '');
      for (const [i, o] of window.timeline.overlays.entries())
        if (o.type === 'text') await writeFile(files.textFile(i), o.text);
      await runToCompletion(plan.args, {
        command: this.deps.ffmpegPath,
        signal: AbortSignal.timeout(PREVIEW_TIMEOUT_MS),
        label: 'draft preview',
      });
      return await readFile(files.output);
    } finally {
      this.running.delete(userId);
      await rm(dir, { recursive: true, force: true });
    }
  }
}
