import type { MeterScope, UsageMeter } from '../usage/usage-meter';
import type { TargetRunner } from './target-runner';

/**
 * Live time for the usage meter (issue 17): ingest seconds of the sources whose publisher is connected to
 * THIS process (the database's `live` is any process's), recording seconds of those being recorded, and
 * online seconds of the pushes running here. `tick` adds the time since the last call; it runs every
 * engine tick and at each change, so a stream's time is counted whole.
 */
export class LiveMeter {
  private readonly liveHere = new Map<string, MeterScope>();
  private last = Date.now();

  constructor(
    private readonly meter: UsageMeter | undefined,
    private readonly recording: (sourceId: string) => boolean,
    private readonly pushes: () => Iterable<TargetRunner>,
  ) {}

  live(source: { id: string; corporationId: string; workspaceId: string }) {
    this.tick();
    this.liveHere.set(source.id, { corporationId: source.corporationId, workspaceId: source.workspaceId });
  }

  ended(sourceId: string) {
    this.tick();
    this.liveHere.delete(sourceId);
  }

  tick() {
    const now = Date.now();
    const seconds = (now - this.last) / 1000;
    this.last = now;
    if (!this.meter || seconds <= 0) return;
    for (const [sourceId, scope] of this.liveHere) {
      this.meter.add(scope, 'ingest_seconds', seconds);
      if (this.recording(sourceId)) this.meter.add(scope, 'recording_seconds', seconds);
    }
    for (const runner of this.pushes())
      if (runner.online)
        this.meter.add(
          { corporationId: runner.row.corporationId, workspaceId: runner.row.workspaceId },
          'target_seconds',
          seconds,
        );
  }
}
