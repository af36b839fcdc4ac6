import type { LiveEngineView as LiveEngine } from './live-engine-view';
import type { LiveEvent } from './live-events';

/**
 * What the live plane of this process does with each event (live-events.ts): one handler per event type,
 * each looking only at the rows the event names and at what runs here. The session machines act; nothing
 * here writes live state.
 */
export async function handleLiveEvent(engine: LiveEngine, e: LiveEvent): Promise<void> {
  const { deps, keys, sessions } = engine;
  switch (e.type) {
    case 'source-changed': {
      const row = await deps.sources.byId(e.id);
      if (!row) return;
      keys.set(row);
      const key = engine.publishingKeyOf(row.id);
      // A maintenance window that began now disconnects a running encoder.
      if (key !== undefined && !keys.mayPublish(key)) await sessions.send(row.id, { type: 'refuse' });
      await engine.publishers.restartIfChanged(row);
      await engine.settingsOf(row);
      await engine.schedule.changed();
      return;
    }
    case 'key-rotated': {
      const row = await deps.sources.byId(e.id);
      if (row) keys.set(row);
      else keys.removeSource(e.id);
      if (engine.publishingKeyOf(e.id) === e.oldKey) await sessions.send(e.id, { type: 'refuse' });
      if (row) await engine.publishers.restartIfChanged(row);
      return;
    }
    case 'source-removed':
      keys.removeSource(e.id);
      await sessions.send(e.id, { type: 'refuse' });
      await engine.targets.stopWhere((r) => r.sourceId === e.id);
      return;
    case 'target-changed': {
      const row = await deps.targetsRepo.byId(e.id);
      await engine.targets.stop(e.id);
      if (!row?.enabled) return;
      if (row.outputId) {
        const feed = engine.runsMedia ? await deps.programFeed(row.outputId) : undefined;
        if (feed) await engine.targets.run(row, feed);
        return;
      }
      // A source's targets run where its stream is: with the session that is live here.
      const key = row.sourceId ? engine.publishingKeyOf(row.sourceId) : undefined;
      const url = key !== undefined ? engine.localUrl(key) : undefined;
      if (row.sourceId && url && engine.liveHere(row.sourceId)) await engine.targets.run(row, url);
      return;
    }
    case 'target-removed':
      await engine.targets.stop(e.id);
      return;
    case 'corporation-changed': {
      const blocked = await deps.isCorporationBlocked(e.id);
      keys.setCorporationBlocked(e.id, blocked);
      if (!blocked) return;
      for (const id of sessions.active())
        if (keys.source(engine.publishingKeyOf(id) ?? '')?.corporationId === e.id)
          await sessions.send(id, { type: 'refuse' });
      return;
    }
    case 'tenant-removed': {
      // Sources deleted with their workspace or corporation: whatever runs here for them stops.
      const here = sessions.active();
      const existing = await deps.sources.existing(here);
      for (const id of here)
        if (!existing.has(id)) {
          keys.removeSource(id);
          await sessions.send(id, { type: 'refuse' });
          await engine.targets.stopWhere((r) => r.sourceId === id);
        }
      return;
    }
    case 'program-changed':
    case 'output-removed': {
      // Targets fed by a player follow its program: started when it shows something, stopped when not.
      const feed =
        e.type === 'program-changed' && engine.runsMedia ? await deps.programFeed(e.id) : undefined;
      if (!feed) return engine.targets.stopWhere((r) => r.outputId === e.id);
      for (const target of await deps.targetsRepo.byOutput(e.id))
        if (target.enabled && !engine.targets.has(target.id)) await engine.targets.run(target, feed);
      return;
    }
    case 'recordings-changed':
      if (engine.runsMedia) void engine.finisher.poke();
      return;
    case 'output-changed':
    case 'source-state':
    case 'media-changed':
      return;
  }
}
