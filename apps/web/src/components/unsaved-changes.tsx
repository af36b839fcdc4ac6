/**
 * One guard for the whole app: forms report whether they are dirty; leaving the page (another route
 * or closing the tab) while any is dirty asks first. React Router allows only one blocker at a time,
 * which is why the forms register here instead of each blocking on its own.
 */
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
} from 'react';
import { useBlocker } from 'react-router';
import { session } from '../lib/session';

interface Registry {
  set(id: string, dirty: boolean): void;
}

const UnsavedChangesDialog = lazy(() =>
  import('./unsaved-changes-dialog').then((m) => ({ default: m.UnsavedChangesDialog })),
);

const UnsavedChangesContext = createContext<Registry | null>(null);

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const dirty = useRef(new Map<string, boolean>());
  const anyDirty = useCallback(() => [...dirty.current.values()].some(Boolean), []);
  const registry = useRef<Registry>({
    set: (id, value) => {
      if (value) dirty.current.set(id, true);
      else dirty.current.delete(id);
    },
  });

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => anyDirty() && currentLocation.pathname !== nextLocation.pathname,
  );

  // A logout (or a 401) must reach /login even with a half-filled form: its data is gone anyway.
  useEffect(
    () =>
      session.subscribe(() => {
        if (!session.isLoggedIn()) dirty.current.clear();
      }),
    [],
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!anyDirty()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their own prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [anyDirty]);

  const blocked = blocker.state === 'blocked';
  return (
    <UnsavedChangesContext.Provider value={registry.current}>
      {children}
      {blocked && (
        <Suspense fallback={null}>
          <UnsavedChangesDialog
            onStay={() => blocker.reset?.()}
            onLeave={() => {
              dirty.current.clear();
              blocker.proceed?.();
            }}
          />
        </Suspense>
      )}
    </UnsavedChangesContext.Provider>
  );
}

/**
 * Reports a form's dirty state. Returns `markClean`, to call right before navigating away after a
 * successful save (the effect that clears the flag would run too late for that navigation).
 */
export function useUnsavedChanges(isDirty: boolean): () => void {
  const registry = useContext(UnsavedChangesContext);
  const id = useId();
  useEffect(() => {
    registry?.set(id, isDirty);
    return () => registry?.set(id, false);
  }, [registry, id, isDirty]);
  return useCallback(() => registry?.set(id, false), [registry, id]);
}
