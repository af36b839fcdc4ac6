/**
 * Who is watching which output on this node. State: viewer id -> last playlist request, per output. A
 * viewer counts while it fetched the playlist within ACTIVE_MS; watch time accrues between its requests.
 * In memory: with several server processes each counts its own viewers (the limit applies per node).
 */
const ACTIVE_MS = 30_000;

export class ViewerRegistry {
  private readonly outputs = new Map<string, Map<string, number>>();

  private viewers(outputId: string) {
    let m = this.outputs.get(outputId);
    if (!m) {
      m = new Map();
      this.outputs.set(outputId, m);
    }
    return m;
  }

  private prune(outputId: string, now: number) {
    const m = this.viewers(outputId);
    for (const [id, seen] of m) if (now - seen > ACTIVE_MS) m.delete(id);
    return m;
  }

  count(outputId: string, now = Date.now()) {
    return this.prune(outputId, now).size;
  }

  has(outputId: string, viewerId: string, now = Date.now()) {
    return this.prune(outputId, now).has(viewerId);
  }

  /** A playlist request; returns the seconds watched since the viewer's last one. */
  seen(outputId: string, viewerId: string, now = Date.now()): number {
    const m = this.prune(outputId, now);
    const last = m.get(viewerId);
    m.set(viewerId, now);
    return last === undefined ? 0 : Math.min(now - last, ACTIVE_MS) / 1000;
  }

  drop(outputId: string) {
    this.outputs.delete(outputId);
  }
}
