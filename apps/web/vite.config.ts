import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { firstLoadChunks } from './build/first-load-chunks.ts';
import { muiWithoutCssVariables } from './build/mui-without-css-variables.ts';
import { reactRouterTreeShaking } from './build/react-router-tree-shaking.ts';

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
  plugins: [
    react(),
    muiWithoutCssVariables(),
    reactRouterTreeShaking(),
    firstLoadChunks(),
    // Pre-compressed copies (name.br, name.gz) beside each text file; the server sends the one the
    // browser accepts (@fastify/static preCompressed), so nothing is compressed per request.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
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
      // Contract modules build zod schemas at load time (with `z` and the `text()`/`line()` helpers of
      // contracts/common). Building a schema has no effect the web app relies on, so unused ones (and
      // with them zod) are left out of the bundle; the client takes DATE_FIELDS from a zod-free module.
      treeshake: { manualPureFunctions: ['z', 'text', 'line'] },
    },
  },
}));
