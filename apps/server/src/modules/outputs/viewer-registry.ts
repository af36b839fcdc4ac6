import { VIEWER_ACTIVE_SECONDS, type ViewerSeen, type Viewers, watchedBetween } from './viewers';

const ACTIVE_MS = VIEWER_ACTIVE_SECONDS * 1000;

/**
 * Who is watching which output, in this process's memory: the embedded setup (PGlite, one process).
 * State: viewer id -> last playlist request, per output. Several processes use `ViewersRepository`.
 */
export class ViewerRegistry implements Viewers {
  private readonly outputs = new Map<string, Map<string, number>>();

  private prune(outputId: string, now: number) {
    let m = this.outputs.get(outputId);
    if (!m) {
      m = new Map();
      this.outputs.set(outputId, m);
    }
    for (const [id, seen] of m) if (now - seen > ACTIVE_MS) m.delete(id);
    return m;
  }

  async admit(outputId: string, viewerId: string, limit: number | null, now = Date.now()) {
    const m = this.prune(outputId, now);
    if (limit !== null && m.size >= limit) return null;
    m.set(viewerId, now);
    return m.size;
  }

  async seen(outputId: string, viewerId: string, now = Date.now()): Promise<ViewerSeen> {
    const m = this.prune(outputId, now);
    const watchedSeconds = watchedBetween(m.get(viewerId) ?? null, now);
    m.set(viewerId, now);
    return { watchedSeconds, watching: m.size };
  }

  async counts(outputIds: readonly string[], now = Date.now()) {
    return new Map(outputIds.map((id) => [id, this.prune(id, now).size]));
  }

  async leave(outputId: string, viewerId: string) {
    this.outputs.get(outputId)?.delete(viewerId);
  }

  async drop(outputId: string) {
    this.outputs.delete(outputId);
  }
}
