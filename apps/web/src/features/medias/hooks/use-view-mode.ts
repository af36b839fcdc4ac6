import { useCallback, useState } from 'react';

export type ViewMode = 'grid' | 'list';
const STORAGE_KEY = 'media-view';

function stored(): ViewMode {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** Grid or list for the media library, remembered in this browser. */
export function useViewMode() {
  const [mode, setMode] = useState<ViewMode>(stored);
  const change = useCallback((next: ViewMode) => {
    setMode(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode or a full quota: the choice just is not remembered.
    }
  }, []);
  return [mode, change] as const;
}
