import type { LiveEngineView as LiveEngine } from './live-engine-view';

/**
 * How long the live state of an encoder-fed source whose process is gone is kept before it is written
 * offline: its encoder reconnects through the region's balancer and the process it reaches continues the
 * same session. OBS waits 2 s before it reconnects (10 s in older versions), and on a busy machine the
 * reconnect itself took over 3 s: a shorter grace wrote a stream offline that came back a moment later
 * (its targets stopped, its viewers told "offline"). The recording's resume window is as long. Also the
 * bound of a ghost: "live" with nobody streaming after a crash.
 */
export const RECONNECT_GRACE_MS = 10_000;
/** A process without media (an API process) corrects last: a media process may take the thing over. */
const NO_MEDIA_DELAY_MS = 1_500;

/**
 * A source lease with no live holder (its process died, was evicted, or handed it over). Its session
 * machine decides: continue it here (an encoder reconnected here, or its publisher runs here now) or
 * correct it offline and give it back.
 */
export async function sourceOrphaned(engine: LiveEngine, id: string, seenForMs: number) {
  const { deps } = engine;
  const delay = engine.runsMedia ? 0 : NO_MEDIA_DELAY_MS;
  const row = await deps.sources.byId(id);
  if (!row) {
    // The lease of a deleted source: nothing to correct, the row goes.
    if (seenForMs >= delay && (await deps.keeper.claim('source', id, { correction: true })))
      await deps.keeper.release('source', id);
    return;
  }
  const waitsForEncoder = row.live && (row.type === 'rtmp' || row.type === 'whip');
  if (seenForMs < delay + (waitsForEncoder ? RECONNECT_GRACE_MS : 0)) return;
  await engine.sessions.send(id, { type: 'orphaned' });
  await engine.settingsOf(row);
}

/**
 * A target lease with no live holder. Its push continues here when its feed is here (the source's
 * session is live here, or the player's program exists); otherwise, after the grace, its state is
 * written offline and the lease given back.
 */
export async function targetOrphaned(engine: LiveEngine, id: string, seenForMs: number) {
  const { deps } = engine;
  const delay = engine.runsMedia ? 0 : NO_MEDIA_DELAY_MS;
  const row = await deps.targetsRepo.byId(id);
  if (!row) {
    if (seenForMs >= delay && (await deps.keeper.claim('target', id, { correction: true })))
      await deps.keeper.release('target', id);
    return;
  }
  if (row.enabled && engine.runsMedia) {
    const key = row.sourceId ? engine.publishingKeyOf(row.sourceId) : undefined;
    const url = key !== undefined ? engine.localUrl(key) : undefined;
    if (row.sourceId && url && engine.liveHere(row.sourceId)) return engine.targets.run(row, url);
    const feed = row.outputId ? await deps.programFeed(row.outputId) : undefined;
    if (feed) return engine.targets.run(row, feed);
  }
  if (seenForMs < delay + RECONNECT_GRACE_MS) return;
  const fence = await deps.keeper.claim('target', id, { correction: true });
  if (!fence) return;
  await engine.targets.correct(row, fence, true);
  await deps.keeper.release('target', id);
}

/**
 * Live state that no lease row covers (PGlite after a restart, or state from before leases): each is
 * corrected like an orphan. Proportional to what is live, read once at start.
 */
export async function correctUnowned(engine: LiveEngine) {
  const { deps } = engine;
  for (const row of await deps.sources.liveWithoutOwner()) {
    await engine.sessions.send(row.id, { type: 'settings', wantsPublisher: false, recording: row.recording });
    await engine.sessions.send(row.id, { type: 'orphaned' });
  }
  for (const row of await deps.targetsRepo.activeWithoutOwner()) {
    const fence = await deps.keeper.claim('target', row.id, { correction: true });
    if (!fence) continue;
    await engine.targets.correct(row, fence, false);
    await deps.keeper.release('target', row.id);
  }
}

/** The owner of a recording left by an earlier version: a source, else a player. */
export async function recordingOwner(deps: LiveEngine['deps'], id: string) {
  const row = (await deps.sources.byId(id)) ?? (await deps.outputsRepo.byId(id));
  if (!row) return undefined;
  const kind = 'streamKey' in row ? ('source' as const) : ('output' as const);
  return { kind, id, name: row.name, corporationId: row.corporationId, workspaceId: row.workspaceId };
}
