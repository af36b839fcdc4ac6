import { useSyncExternalStore } from 'react';
import { type LayoutClass, layoutClassFor } from '../lib/layout-class';

function subscribe(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

const snapshot = () => layoutClassFor(window.innerWidth);

export function useLayoutClass(): LayoutClass {
  return useSyncExternalStore(subscribe, snapshot, () => 'expanded');
}
