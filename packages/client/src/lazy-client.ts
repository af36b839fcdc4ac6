import { coreResources } from './core-resources';
import type { StromwerkClient } from './create-client';
import { type ClientOptions, createHttp, type HttpCore } from './http';
import { LIVE_RESOURCE_NAMES } from './live-resource-names';
import type { LiveResources } from './live-resources';

type Call = (...args: unknown[]) => Promise<unknown>;

/**
 * A client whose live resources (sources, players, media, jobs, drafts and the rest) load on their first
 * call: a page that only logs in never downloads their route tables (the web app's /login budget). Each
 * method is a function at once; it awaits `load` (once for all of them), then calls the real one. `preload`
 * starts the load early, for example as soon as a user is logged in.
 */
export function createLazyClient(
  options: ClientOptions,
  load: () => Promise<(http: HttpCore) => LiveResources>,
): StromwerkClient & { preload: () => Promise<unknown> } {
  const http = createHttp(options);
  let loaded: Promise<LiveResources> | undefined;
  const preload = () => {
    loaded ??= load().then((make) => make(http));
    loaded.catch(() => {
      loaded = undefined; // a failed chunk load is tried again on the next call
    });
    return loaded;
  };
  const lazy = (name: keyof LiveResources) => {
    const methods = new Map<string, Call>();
    return new Proxy(
      {},
      {
        get(_, method) {
          // Not a method: keeps the resource from looking like a promise to `await`.
          if (typeof method !== 'string' || method === 'then') return undefined;
          let call = methods.get(method);
          if (!call) {
            call = async (...args) => {
              const resource = (await preload())[name] as unknown as Record<string, Call>;
              return resource[method]!(...args);
            };
            methods.set(method, call);
          }
          return call;
        },
      },
    );
  };
  const live = Object.fromEntries(LIVE_RESOURCE_NAMES.map((name) => [name, lazy(name)])) as LiveResources;
  return { ...coreResources(http), ...live, preload };
}
