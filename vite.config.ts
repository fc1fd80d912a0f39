/**
 * Vite builds the React renderer from `renderer/` into `renderer/dist` (hashed files under
 * `renderer/dist/assets/`), which the monolith serves. In development, API calls are proxied to the
 * monolith on port 3000.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { IncomingMessage } from 'node:http';
import { defineConfig, type ProxyOptions } from 'vite';

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/**
 * Renderer pages that live under the proxied /auth prefix (see the Auth section of
 * renderer/routes/route-table.ts). Not imported from the table on purpose: the config is bundled by
 * esbuild, which would follow the table's lazy screen imports into React and CSS modules.
 */
const AUTH_PAGE_PATHS = [
  '/auth/merge-accounts/',
  '/auth/related-accounts/',
  '/auth/reset-password/',
  '/auth/impersonate/',
];

function isRendererPath(pathname: string): boolean {
  const canonical = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return AUTH_PAGE_PATHS.includes(canonical);
}

/** A browser navigation (HTML accepted) to one of those pages gets the dev server's index.html. */
function pageBypass(request: IncomingMessage): string | undefined {
  const accept = request.headers.accept ?? '';
  if (request.method !== 'GET' || !accept.includes('text/html')) return undefined;
  const pathname = new URL(request.url ?? '/', 'http://local').pathname;
  return isRendererPath(pathname) ? '/index.html' : undefined;
}

const apiProxy: ProxyOptions = { target: API_TARGET, changeOrigin: false, bypass: pageBypass };

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks: app releases do not invalidate the browser's copy of React or Mantine.
        manualChunks(id) {
          if (!id.includes('/node_modules/')) return undefined;
          if (
            /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)\//.test(
              id,
            )
          ) {
            return 'vendor-react';
          }
          if (id.includes('/node_modules/@mantine/') || id.includes('/node_modules/@floating-ui/'))
            return 'vendor-mantine';
          if (id.includes('/node_modules/@tanstack/') || id.includes('/node_modules/@trpc/')) return 'vendor-data';
          // Everything else (zod included) follows the modules that use it, so lazy code stays lazy.
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: API_TARGET, changeOrigin: false },
      '/v1': { target: API_TARGET, changeOrigin: false },
      '/auth': apiProxy,
    },
  },
  preview: {
    proxy: {
      '/trpc': { target: API_TARGET, changeOrigin: false },
      '/v1': { target: API_TARGET, changeOrigin: false },
      '/auth': apiProxy,
    },
  },
});
