import type { ComponentType } from 'react';

/**
 * The guest login (guest-app.tsx) renders without the router, TanStack Query and the app shell. Anything
 * beyond the login form (a link, the search, a signed-in user) hands over to the product app: the address
 * changes first (pushed for a link, replaced after login), then the app's chunk loads and the guest app
 * renders it in its place, which starts its router at that address. No page reload.
 */
let listener: ((app: ComponentType) => void) | null = null;
let loading: Promise<ComponentType> | null = null;

/** Starts loading the product app (once): on submit, so that a login does not wait for it afterwards. */
export function loadApp(): Promise<ComponentType> {
  loading ??= import('./app').then((m) => m.App);
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

export function onHandover(next: ((app: ComponentType) => void) | null) {
  listener = next;
}

export function openApp(path: string, { replace = false }: { replace?: boolean } = {}) {
  const here = window.location.pathname + window.location.search + window.location.hash;
  if (path !== here) window.history[replace ? 'replaceState' : 'pushState'](null, '', path);
  void loadApp().then(
    (app) => listener?.(app),
    // The chunk could not be fetched (a new deployment, the network): the page load at that address does.
    () => window.location.assign(path),
  );
}
