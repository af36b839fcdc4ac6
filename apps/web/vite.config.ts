import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoadChunks } from './build/first-load-chunks.ts';
import { muiWithoutCssVariables } from './build/mui-without-css-variables.ts';

// react-router's package exports only name its development build (remix-run/react-router#14753),
// which carries dev warnings and checks. Production builds use the production files it also ships.
function reactRouterProduction() {
  const development = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));
  const production = (specifier: string) => development(specifier).replace('/development/', '/production/');
  return [
    { find: /^react-router$/, replacement: production('react-router') },
    { find: /^react-router\/dom$/, replacement: production('react-router/dom') },
  ];
}

export default defineConfig(({ mode }) => ({
  root: import.meta.dirname,
  plugins: [react(), muiWithoutCssVariables(), firstLoadChunks()],
  resolve: { alias: mode === 'production' ? reactRouterProduction() : [] },
  server: {
    proxy: {
      '/v1': 'http://localhost:8080',
      '/mqtt': { target: 'ws://localhost:8080', ws: true },
      '/cdn': 'http://localhost:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lets bench/web-bundle.mjs follow the login route's lazy chunk.
    manifest: true,
    rolldownOptions: {
      // The client imports DATE_FIELDS from contracts/common, a module that also builds zod schemas at
      // load time. Building a schema has no effect the web app relies on, so unused ones (and with
      // them zod) are left out of the bundle.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
}));
