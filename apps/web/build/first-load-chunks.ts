import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Left alone, Rolldown splits shared code by the exact set of lazy chunks importing it, and this app has
 * many lazy pages: the code /login needs came in about 25 files, several of a few hundred bytes, each
 * compressed on its own (and fetched on its own). This plugin puts the modules the product app and the
 * login form statically need, beyond the entry chunk, into three chunks, cut by who else needs them so
 * that the public player loads nothing it does not need:
 * - `app-common`: also needed by the public player (which loads this same chunk),
 * - `app-shell`: the rest of what the product app needs on every page (router, providers, top bar),
 * - `login-form`: the rest of what the login form needs.
 * The sets come from the module graph once it is complete. Each is closed under static imports (apart
 * from the entry chunk, which every chunk may import), so no group pulls in another's modules. The price:
 * a page of the product app may load a few kB of form code (inputs) it does not use; every page measured
 * still loads less than with the default split.
 */
const source = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));
const ENTRY = source('main.tsx');
const APP = source('app/app.tsx');
const LOGIN = source('features/auth/components/login-page.tsx');
const PLAYER = source('features/player/components/player-app.tsx');
/** Lazy entries keep chunks of their own: the app and the bench look them up by source. */
const OWN_CHUNK = new Set([APP, LOGIN, PLAYER]);

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

function staticClosure(graph: ModuleGraph, root: string): Set<string> {
  const seen = new Set<string>();
  const pending = [root];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function firstLoadChunks(): Plugin {
  let sets: { entry: Set<string>; app: Set<string>; login: Set<string>; player: Set<string> } | undefined;
  const firstLoad = (id: string) =>
    !!sets && (sets.app.has(id) || sets.login.has(id)) && !sets.entry.has(id) && !OWN_CHUNK.has(id);
  const forPlayer = (id: string) => !!sets?.player.has(id);
  const forApp = (id: string) => !!sets?.app.has(id);
  // The groups are closed under imports already; Rolldown's own recursion would drag entry modules
  // (React, i18next) out of the entry chunk.
  const group = (name: string, priority: number, test: (id: string) => boolean) => ({
    name,
    priority,
    includeDependenciesRecursively: false,
    test: (id: string) => firstLoad(id) && test(id),
  });

  return {
    name: 'stromwerk:first-load-chunks',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                group('app-common', 3, forPlayer),
                group('app-shell', 2, (id) => forApp(id) && !forPlayer(id)),
                group('login-form', 1, (id) => !forApp(id) && !forPlayer(id)),
              ],
            },
          },
        },
      },
    }),
    buildEnd(error) {
      if (error) return;
      const roots = [ENTRY, APP, LOGIN, PLAYER];
      const missing = roots.filter((id) => !this.getModuleInfo(id));
      if (missing.length > 0) this.error(`Not in the module graph: ${missing.join(', ')}`);
      const [entry, app, login, player] = roots.map((id) => staticClosure(this, id)) as [
        Set<string>,
        Set<string>,
        Set<string>,
        Set<string>,
      ];
      sets = { entry, app, login, player };
    },
  };
}
