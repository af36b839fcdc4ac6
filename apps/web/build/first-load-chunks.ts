import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Left alone, Rolldown splits shared code by the exact set of lazy chunks importing it, and this app has
 * many lazy pages: the code /login needs came in about 25 files, several of a few hundred bytes, each
 * compressed on its own (and fetched on its own). This plugin puts the modules the guest login, the
 * product app and its login route statically need, beyond the entry chunk, into five chunks, cut by who
 * else needs them so that neither the public player nor the guest login loads what it does not need:
 * - `app-common`: needed by the guest login and the public player (which loads this same chunk),
 * - `player-common`: needed by the product app and the player, not the guest login (TanStack Query),
 * - `guest-common`: the rest of what the guest login (app/guest-app.tsx) needs, most of it also the
 *   product app's (top bar, form, theme); no router, no TanStack Query,
 * - `app-shell`: the rest of what the product app needs on every page (router, providers, shell),
 * - `login-form`: the rest of what the app's login route needs.
 * The sets come from the module graph once it is complete. Each is closed under static imports (apart
 * from the entry chunk, which every chunk may import), so no group pulls in another's modules. The price:
 * a page of the product app may load a few kB of form code (inputs) it does not use; every page measured
 * still loads less than with the default split.
 */
const source = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));
const ENTRY = source('main.tsx');
const BOOT = source('boot.tsx');
const APP = source('app/app.tsx');
const GUEST = source('app/guest-app.tsx');
const LOGIN = source('features/auth/components/login-page.tsx');
const PLAYER = source('features/player/components/player-app.tsx');
/** Lazy entries keep chunks of their own: the app and the bench look them up by source. */
const OWN_CHUNK = new Set([APP, GUEST, LOGIN, PLAYER]);

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
  let sets:
    | {
        entry: Set<string>;
        boot: Set<string>;
        app: Set<string>;
        guest: Set<string>;
        login: Set<string>;
        player: Set<string>;
      }
    | undefined;
  const firstLoad = (id: string) =>
    !!sets &&
    (sets.app.has(id) || sets.guest.has(id) || sets.login.has(id)) &&
    !sets.entry.has(id) &&
    !sets.boot.has(id) &&
    !OWN_CHUNK.has(id);
  const forPlayer = (id: string) => !!sets?.player.has(id);
  const forGuest = (id: string) => !!sets?.guest.has(id);
  const forApp = (id: string) => !!sets?.app.has(id);
  // What only the public player needs statically (its MUI inputs, dialogs and icons, its client): one
  // chunk, not about 15. A viewer's browser fetches over six HTTP/1.1 connections, and hls.js queued
  // behind those requests for 0.4 s of a 1.2-1.4 s join (issue 30 item 3). A product page that needs one
  // of these modules lazily loads this chunk with it.
  const playerOnly = (id: string) =>
    !!sets &&
    sets.player.has(id) &&
    !sets.entry.has(id) &&
    !sets.boot.has(id) &&
    !OWN_CHUNK.has(id) &&
    !sets.app.has(id) &&
    !sets.guest.has(id) &&
    !sets.login.has(id);
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
                {
                  // What every page loads before its app (React, the translations, the session): one
                  // chunk, as it was inside the entry before the entry was cut down to the player's early
                  // start (main.tsx). boot.tsx itself stays the chunk main.tsx imports.
                  name: 'boot-common',
                  priority: 7,
                  includeDependenciesRecursively: false,
                  test: (id: string) => !!sets?.boot.has(id) && !sets.entry.has(id) && id !== BOOT,
                },
                {
                  name: 'player-rest',
                  priority: 6,
                  includeDependenciesRecursively: false,
                  test: playerOnly,
                },
                group('app-common', 5, (id) => forPlayer(id) && forGuest(id)),
                group('player-common', 4, forPlayer),
                group('guest-common', 3, (id) => forGuest(id) && !forPlayer(id)),
                group('app-shell', 2, (id) => forApp(id) && !forGuest(id) && !forPlayer(id)),
                group('login-form', 1, (id) => !forApp(id) && !forGuest(id) && !forPlayer(id)),
              ],
            },
          },
        },
      },
    }),
    buildEnd(error) {
      if (error) return;
      const roots = [ENTRY, BOOT, APP, GUEST, LOGIN, PLAYER];
      const missing = roots.filter((id) => !this.getModuleInfo(id));
      if (missing.length > 0) this.error(`Not in the module graph: ${missing.join(', ')}`);
      const [entry, boot, app, guest, login, player] = roots.map((id) => staticClosure(this, id)) as [
        Set<string>,
        Set<string>,
        Set<string>,
        Set<string>,
        Set<string>,
        Set<string>,
      ];
      sets = { entry, boot, app, guest, login, player };
    },
  };
}
