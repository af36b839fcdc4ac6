import type { SourceRow } from '../sources/sources.repository';
import type { LiveEngineDeps } from './live-engine-deps';
import type { LiveSchedule } from './live-schedule';
import type { LiveTargets } from './live-targets';
import type { RecordingFinisher } from './recording-finisher';
import type { LivePublishers } from './source-publishers';
import type { SourceSessions } from './source-sessions';
import type { StreamKeyRegistry } from './stream-keys';

/**
 * What the event handlers and the orphan policies see of the live engine (live-engine-events.ts,
 * live-orphans.ts): the engine implements it, and they import only this, so no module cycle runs through
 * the live plane (issue 29).
 */
export interface LiveEngineView {
  readonly deps: LiveEngineDeps;
  readonly keys: StreamKeyRegistry;
  readonly sessions: SourceSessions;
  readonly targets: LiveTargets;
  readonly publishers: LivePublishers;
  readonly schedule: LiveSchedule;
  readonly finisher: RecordingFinisher;
  readonly runsMedia: boolean;
  localUrl(streamKey: string): string | undefined;
  liveHere(sourceId: string): boolean;
  publishingKeyOf(sourceId: string): string | undefined;
  settingsOf(row: SourceRow): Promise<void>;
}
