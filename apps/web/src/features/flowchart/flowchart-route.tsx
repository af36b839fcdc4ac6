import { lazy } from 'react';

/** The compact layout class ends at 600 px (lib/layout-class.ts); below it the list needs no canvas. */
const CANVAS_MIN_WIDTH = 600;

const Page = lazy(() => {
  // The canvas chunk (React Flow, dagre) is fetched alongside the page's instead of after it renders.
  // Prefetching the graph here as well saved nothing measurable (bench/area-time-to-usable.ts) and cost
  // /login 50 B gzip, so the page fetches it.
  if (window.innerWidth >= CANVAS_MIN_WIDTH) void import('./components/flow-view');
  return import('./components/flowchart-page').then((m) => ({ default: m.FlowchartPage }));
});

/**
 * The route's entry: only this module's address is in the app shell, which /login loads too. The page and
 * everything it imports load when the route renders, so their many chunk names stay out of the shell.
 * A plain component around the lazy one: React cannot resolve a lazy component to another lazy one.
 */
export function FlowchartRoute() {
  return <Page />;
}
