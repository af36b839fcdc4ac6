import { coreResources } from './core-resources';
import { type ClientOptions, createHttp } from './http';
import { liveResources } from './live-resources';

/** One client per app (or per test user): every resource shares the same base URL, auth and time-out. */
export function createClient(options: ClientOptions = {}) {
  const http = createHttp(options);
  return { ...coreResources(http), ...liveResources(http) };
}

export type StromwerkClient = ReturnType<typeof createClient>;
