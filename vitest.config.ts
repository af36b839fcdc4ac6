import { defineConfig } from 'vitest/config';

// Three projects so `npm test` can run them in the order ARCHITECTURE section 8 asks for:
// fast unit tests first, then API integration tests on a real database, then media tests with ffmpeg.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            // The shared test support itself (scripts/lib/test-support.mjs, test-chaos.mjs).
            'scripts/test/**/*.test.ts',
            // The benches' own measuring helpers (bench/lib).
            'bench/test/**/*.test.ts',
          ],
          exclude: ['**/*.media.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A dialog flow in jsdom with MUI takes 2 s alone and took 6 s beside typecheck and another
          // worker at load 10: vitest's 5 s default failed a correct test on a busy machine (the tests
          // assert what the screen does, not how fast; many files already set 30 s on their describe).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/api/**/*.test.ts'],
          environment: 'node',
          // Files share one module graph (each still boots its own app on its own database): importing
          // the server for each of the 39 files took 89 s of 461; without it the PGlite run took 275 s
          // (same machine, idle, back to back). Tried on the security suite too: one time-out, not kept.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Attacks against a listening server (issue 10): tenancy, input, sessions, headers, fuzzing.
          name: 'security',
          include: ['apps/server/test/security/**/*.test.ts'],
          // Builds the web app and the server bundle when missing or stale (headers, production start).
          globalSetup: ['apps/server/test/security/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'media',
          include: [
            'packages/media/test/**/*.media.test.ts',
            'apps/server/test/media/**/*.test.ts',
            'scripts/test/**/*.media.test.ts',
          ],
          globalSetup: ['apps/server/test/media/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two files at a time: most of their time is real-time video (-re), not CPU.
          maxWorkers: 2,
        },
      },
    ],
  },
});
