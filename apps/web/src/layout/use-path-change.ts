import { useEffect, useRef } from 'react';

/**
 * Calls `onChange` when `pathname` changes, not when the caller mounts. A close-on-navigation effect that
 * also ran at mount undid a sheet opened in the moment between the shell's first paint and its effects:
 * React runs pending effects before a click's update, so the click's "open" was followed by the mount's
 * "close" (a Playwright flow clicked Search that fast on a busy CI machine and never saw the sheet).
 */
export function usePathChange(pathname: string, onChange: () => void): void {
  const shown = useRef(pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    onChange();
  }, [pathname]);
}
