import { useEffect, useRef, useState } from 'react';
import type { GraphStore } from './graph-store';

/** At most one announcement per this many ms; a burst is summed up in the next one. */
const THROTTLE_MS = 2000;

/**
 * What a screen reader hears without looking (design §6): only transitions into a problem and back,
 * throttled, from the set of problem node ids (`problemKey`, comma-separated). The first picture is not
 * announced: the chart itself says it.
 */
export function useProblemAnnouncer(
  store: GraphStore,
  problemKey: string,
  describe: (changes: { failed: string[]; recovered: string[] }) => string,
): string {
  const [text, setText] = useState('');
  const previous = useRef<Set<string> | null>(null);
  const pending = useRef({ failed: new Set<string>(), recovered: new Set<string>() });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastSaid = useRef(0);
  const describeRef = useRef(describe);
  describeRef.current = describe;
  useEffect(() => {
    const now = new Set(problemKey ? problemKey.split(',') : []);
    const before = previous.current;
    previous.current = now;
    if (!before || store.version === 0) return;
    const { failed, recovered } = pending.current;
    for (const id of now)
      if (!before.has(id)) {
        failed.add(id);
        recovered.delete(id);
      }
    for (const id of before)
      if (!now.has(id)) {
        recovered.add(id);
        failed.delete(id);
      }
    if (timer.current) return;
    const wait = Math.max(THROTTLE_MS / 4, lastSaid.current + THROTTLE_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = undefined;
      lastSaid.current = Date.now();
      const label = (id: string) => store.get(id)?.label ?? '';
      const { failed, recovered } = pending.current;
      pending.current = { failed: new Set(), recovered: new Set() };
      if (failed.size || recovered.size)
        setText(
          describeRef.current({ failed: [...failed].map(label), recovered: [...recovered].map(label) }),
        );
    }, wait);
  }, [problemKey, store]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return text;
}
