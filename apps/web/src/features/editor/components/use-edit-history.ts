import { useCallback, useState } from 'react';

const LIMIT = 100;

interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/**
 * Undo and redo over whole snapshots: every edit pushes the state before it. Snapshots are immutable
 * values (the timeline edits return new objects), so keeping them costs only the changed parts.
 */
export function useEditHistory<T>(initial: T) {
  const [history, setHistory] = useState<History<T>>({ past: [], present: initial, future: [] });
  const apply = useCallback(
    (edit: (current: T) => T) =>
      setHistory((h) => {
        const next = edit(h.present);
        if (next === h.present) return h;
        return { past: [...h.past, h.present].slice(-LIMIT), present: next, future: [] };
      }),
    [],
  );
  const undo = useCallback(
    () =>
      setHistory((h) =>
        h.past.length === 0
          ? h
          : { past: h.past.slice(0, -1), present: h.past.at(-1) as T, future: [h.present, ...h.future] },
      ),
    [],
  );
  const redo = useCallback(
    () =>
      setHistory((h) =>
        h.future.length === 0
          ? h
          : { past: [...h.past, h.present], present: h.future[0] as T, future: h.future.slice(1) },
      ),
    [],
  );
  const reset = useCallback((value: T) => setHistory({ past: [], present: value, future: [] }), []);
  return {
    value: history.present,
    apply,
    undo,
    redo,
    reset,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
