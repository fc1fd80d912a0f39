/**
 * Prerenders the pages a visitor lands on at build time (renderer/prerender.tsx) and writes their
 * markup as `prerendered.json` (path → the markup of `#root`) beside index.html; the server puts it
 * into those pages for requests without the session cookie (server/http/renderer.ts). The module
 * built for it is kept as the build's render module (`server/render.js`), with which the server
 * renders members' pages (server/http/member-pages.ts).
 *
 * Measured on `/` in Chromium with the CPU slowed 4×: the landing page's heading, its largest paint,
 * waited for the entry's scripts to download, run and render (LCP about 900 ms); from the HTML it
 * paints as soon as the stylesheet is in (about 400 ms).
 *
 * The page is rendered by the same modules as the browser's, built for Node by Vite with this same
 * configuration (so CSS module class names and every alias agree), then run once.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { RENDER_MODULE } from '../../server/http/member-pages';

/** Read by the server as `prerendered.json` (server/http/renderer.ts). */
const PRERENDERED_FILE = 'prerendered.json';

/** How React's server markup opens a Suspense boundary it left to the browser. */
const CLIENT_RENDERED = '<!--$!-->';

interface TPrerenderModule {
  PRERENDERED_PATHS: readonly string[];
  prerender(pathname: string): Promise<string>;
}

export function prerenderPlugin(options: { root: string; entry: string; cacheDir: string }): Plugin {
  let configFile: string | undefined;
  let outDir = '';
  let mode = 'production';
  return {
    name: 'gifting-prerender',
    apply: 'build',
    configResolved(config) {
      configFile = config.configFile;
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    async writeBundle() {
      const serverOut = path.join(options.cacheDir, 'prerender');
      await build({
        configFile,
        mode,
        root: options.root,
        logLevel: 'warn',
        // Every package inside, React's production build included: the module then renders as the
        // browser's build does whatever NODE_ENV the server runs under (a test server's development
        // React rendered a member's home 3–5× slower), and runs from wherever the build is.
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          ssr: options.entry,
          outDir: serverOut,
          emptyOutDir: true,
          copyPublicDir: false,
          sourcemap: false,
          minify: false,
          manifest: false,
          // One file: a lazy chunk importing the entry back would get a second copy of it (and of
          // React's contexts in it) under the cache-busting address below.
          rollupOptions: { output: { inlineDynamicImports: true } },
        },
      });
      const entryFile = path.join(serverOut, `${path.basename(options.entry, path.extname(options.entry))}.js`);
      // A new URL each build: Node keeps a module it imported once for the life of the process.
      const module = (await import(`${pathToFileURL(entryFile).href}?build=${Date.now()}`)) as TPrerenderModule;
      const pages: Record<string, string> = {};
      for (const pathname of module.PRERENDERED_PATHS) {
        const markup = await module.prerender(pathname);
        // React's mark of a part it could not render (an error, or code still loading): the browser
        // would show the app's loader there, not the page.
        if (markup.includes(CLIENT_RENDERED))
          throw new Error(`The prerender of ${pathname} has a part React could not render on the server`);
        pages[pathname] = markup;
      }
      writeFileSync(path.join(outDir, PRERENDERED_FILE), JSON.stringify(pages));
      // The same module renders members' pages on the server (server/http/member-pages.ts): kept
      // beside the build it belongs to. The packages it leaves external resolve from the project's
      // node_modules, above the build's folder.
      const renderModule = path.join(outDir, RENDER_MODULE);
      mkdirSync(path.dirname(renderModule), { recursive: true });
      copyFileSync(entryFile, renderModule);
    },
  };
}
