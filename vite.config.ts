/**
 * Vite builds the React renderer from `renderer/` into `renderer/dist` (hashed files under
 * `renderer/dist/assets/`), which the monolith serves. In development, API calls are proxied to the
 * monolith on port 3000.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { compileHintsPlugin, VENDOR_CHUNKS } from './scripts/lib/compile-hints';
import { precompressDir } from './scripts/lib/precompress';
import { prerenderPlugin } from './scripts/lib/prerender';
import { vendorShakePlugin } from './scripts/lib/vendor-shake';
import { lazyChunksPlugin } from './scripts/lib/lazy-chunks';
import { screenPreloads } from './scripts/lib/screen-preloads';
import { routePreloadsPlugin } from './scripts/lib/route-preloads';

const RENDERER_ROOT = fileURLToPath(new URL('./renderer', import.meta.url));

const REACT_ROUTER_PRODUCTION = (file: string): string =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * Two small modules of the app's own that only wrap react-query (the optimistic mutation helper,
 * the terms query) go with it into vendor-data. Shared by several lazy chunks, they were otherwise
 * merged into the entry chunk (experimentalMinChunkSize), which then imported vendor-data on every
 * page, a visitor's landing page included. Only modules whose imports are all in vendor-data (or
 * types) may be listed: a manual chunk takes its modules' dependencies along.
 */
const DATA_MODULES = ['app/hooks/use-optimistic-mutation.ts', 'app/terms-query.ts'].map((file) =>
  path.join(RENDERER_ROOT, file),
);

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/**
 * The API prefixes the monolith owns (the same list as server/http/renderer.ts): everything else,
 * /auth/merge-accounts/ and the other renderer pages under /auth included, is the app's.
 */
const api: ProxyOptions = { target: API_TARGET, changeOrigin: false };
const API_PROXY: Record<string, ProxyOptions> = {
  '/trpc': api,
  '/v1/': api,
  '/auth/v2/': api,
  '/auth/set-experiment/': api,
};

/** Compresses the build once (`.br` and `.gz` beside each asset), served as is by the server. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'gifting-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}

/**
 * The kinds of exchange (game types, themes) the member's home shows, in a chunk of their own:
 * left to Rollup, the rest of the exchange values (labels, rules, limits: 1.2 KiB gzip the home
 * never uses) were merged into their small chunk.
 */
const EXCHANGE_KINDS = path.resolve(RENDERER_ROOT, '..', 'server', 'contracts', 'exchange-kinds.ts');

/**
 * Long-lived vendor chunks (app releases do not invalidate the browser's copy of React or Mantine),
 * and the few of the app's own modules whose chunk is chosen by hand (see above).
 */
function vendorChunk(id: string): string | undefined {
  if (id === EXCHANGE_KINDS) return 'exchange-kinds';
  if (!id.includes('/node_modules/')) return DATA_MODULES.includes(id) ? VENDOR_CHUNKS.data : undefined;
  if (/\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)\//.test(id)) {
    return VENDOR_CHUNKS.react;
  }
  if (id.includes('/node_modules/@tanstack/') || id.includes('/node_modules/@trpc/')) return VENDOR_CHUNKS.data;
  // Everything else (Mantine and zod included) follows the modules that use it, so a component
  // only a lazy screen shows stays in that screen's chunk instead of the first load.
  return undefined;
}

/** Route screens' `import()`s list only their styles (the files the page needs come from its HTML). */
const SCREEN_PRELOADS = screenPreloads(path.join(RENDERER_ROOT, 'routes', 'screens.ts'));

export default defineConfig(({ command, isSsrBuild }) => ({
  root: RENDERER_ROOT,
  plugins: [
    react(),
    // Lets Rollup drop vendor code the app never uses (react-router's components, tRPC's WebSocket client).
    vendorShakePlugin(),
    // The browser's build only (the prerender builds the renderer for Node with this configuration too).
    ...(isSsrBuild
      ? []
      : [
          // Lazily imported screens, dialogs and banners are not merged into other pages' chunks.
          lazyChunksPlugin(),
          SCREEN_PRELOADS.plugin,
          // route-preloads.json: what each page's HTML tells the browser to fetch beside the entry.
          routePreloadsPlugin(RENDERER_ROOT),
          // prerendered.json: a visitor's landing page, rendered at build time (painted before any script runs).
          prerenderPlugin({
            root: RENDERER_ROOT,
            entry: path.join(RENDERER_ROOT, 'prerender.tsx'),
            cacheDir: fileURLToPath(new URL('./node_modules/.cache/gifting', import.meta.url)),
          }),
          // The scripts every page runs at load are compiled as they download.
          compileHintsPlugin(),
          precompress(),
        ]),
    // `ANALYZE=1 npx vite build` writes renderer/dist/stats.html: which modules weigh what, per chunk.
    process.env.ANALYZE && !isSsrBuild
      ? visualizer({
          filename: path.join('renderer', 'dist', process.env.ANALYZE === 'json' ? 'stats.json' : 'stats.html'),
          template: process.env.ANALYZE === 'json' ? 'raw-data' : 'treemap',
          gzipSize: true,
        })
      : null,
  ],
  resolve: {
    // react-router's package.json exports only its development build (remix-run/react-router#12532,
    // #14753), so a production build shipped its development warnings (0.6 KiB gzip); its production
    // build sits beside it.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION('index.mjs') },
            { find: /^react-router\/dom$/, replacement: REACT_ROUTER_PRODUCTION('dom-export.mjs') },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // scripts/check-bundle-size.ts reads which chunks each route loads from it.
    manifest: true,
    // Every browser we support preloads modules natively (Chrome 66, Firefox 115, Safari 17); older
    // ones simply skip the hint. The polyfill would cost the first load about 0.5 KiB gzip. A route
    // screen's import() lists only its styles (scripts/lib/screen-preloads.ts).
    modulePreload: { polyfill: false, resolveDependencies: SCREEN_PRELOADS.resolveDependencies },
    // Terser (two passes) makes the first load about 5 KiB gzip smaller than esbuild's minifier.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources carry /* @__PURE__ */ comments Rollup cannot place; harmless and not ours.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
      output: {
        // Chunks under ~20 KB (minified, before gzip) with no side effects are merged into a chunk
        // loaded under the same conditions: /home/ fetched 60 scripts, most of them a single Mantine
        // component or contract of a few hundred bytes, each with its own request and gzip overhead.
        experimentalMinChunkSize: 20_000,
        manualChunks: isSsrBuild ? undefined : vendorChunk,
      },
    },
  },
  server: {
    port: 5173,
    proxy: API_PROXY,
  },
  preview: {
    proxy: API_PROXY,
  },
}));
