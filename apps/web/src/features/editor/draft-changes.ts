import type { DraftOutput, Timeline } from '@stromwerk/contracts/drafts';

/** What a saved version holds of a draft: the parts the editor edits. */
export interface DraftDoc {
  name: string;
  timeline: Timeline;
  output: DraftOutput;
}

/** Items of one list (main clips, titles, logos, audio clips) compared by id. */
export interface ListChange {
  added: number;
  removed: number;
  changed: number;
  /** The items both versions hold are in another order. */
  reordered: boolean;
}

export type DraftChange =
  | { part: 'name'; to: string }
  | ({ part: 'main' | 'titles' | 'images' | 'audio' } & ListChange)
  | { part: 'transitions'; changed: number }
  | { part: 'output'; keys: (keyof DraftOutput)[] };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function compareLists<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
  equal: (a: T, b: T) => boolean = same,
): ListChange {
  const old = new Map(before.map((item) => [item.id, item]));
  const now = new Set(after.map((item) => item.id));
  const kept = after.filter((item) => old.has(item.id));
  const keptBefore = before.filter((item) => now.has(item.id)).map((item) => item.id);
  return {
    added: after.length - kept.length,
    removed: before.length - keptBefore.length,
    changed: kept.filter((item) => !equal(old.get(item.id)!, item)).length,
    reordered: kept.some((item, i) => item.id !== keptBefore[i]),
  };
}

const anything = (c: ListChange) => c.added + c.removed + c.changed > 0 || c.reordered;

/**
 * What another save changed between two versions of a draft (issue 15: "the UI shows what changed"),
 * part by part, for the editor's conflict notice. Main clips are compared without their transition,
 * which is its own part; audio clips are compared across all tracks.
 */
export function draftChanges(before: DraftDoc, after: DraftDoc): DraftChange[] {
  const changes: DraftChange[] = [];
  if (before.name !== after.name) changes.push({ part: 'name', to: after.name });

  const withoutJoin = ({ transitionOut: _, ...clip }: Timeline['main'][number]) => clip;
  const main = compareLists(before.timeline.main, after.timeline.main, (a, b) =>
    same(withoutJoin(a), withoutJoin(b)),
  );
  if (anything(main)) changes.push({ part: 'main', ...main });
  const joins = new Map(before.timeline.main.map((clip) => [clip.id, clip.transitionOut]));
  const transitions = after.timeline.main.filter(
    (clip) => joins.has(clip.id) && !same(joins.get(clip.id), clip.transitionOut),
  ).length;
  if (transitions > 0) changes.push({ part: 'transitions', changed: transitions });

  const ofType = (t: Timeline, type: 'text' | 'image') => t.overlays.filter((o) => o.type === type);
  const titles = compareLists(ofType(before.timeline, 'text'), ofType(after.timeline, 'text'));
  if (anything(titles)) changes.push({ part: 'titles', ...titles });
  const images = compareLists(ofType(before.timeline, 'image'), ofType(after.timeline, 'image'));
  if (anything(images)) changes.push({ part: 'images', ...images });
  const audioClips = (t: Timeline) => t.audio.flatMap((track) => track.clips);
  const audio = compareLists(audioClips(before.timeline), audioClips(after.timeline));
  if (anything(audio)) changes.push({ part: 'audio', ...audio });

  const keys = (Object.keys({ ...before.output, ...after.output }) as (keyof DraftOutput)[]).filter(
    (key) => !same(before.output[key], after.output[key]),
  );
  if (keys.length > 0) changes.push({ part: 'output', keys });
  return changes;
}
