import { lazy } from 'react';

const Page = lazy(() => import('./components/flowchart-page').then((m) => ({ default: m.FlowchartPage })));

/**
 * The route's entry: only this module's address is in the app shell, which /login loads too. The page and
 * everything it imports load when the route renders, so their many chunk names stay out of the shell.
 * A plain component around the lazy one: React cannot resolve a lazy component to another lazy one.
 */
export function FlowchartRoute() {
  return <Page />;
}
