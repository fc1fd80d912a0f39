/**
 * Which files each page needs besides the entry, written by the build as `route-preloads.json` and
 * sent by the server as `<link rel="modulepreload">` in that page's HTML (server/http/route-preloads.ts).
 *
 * Without it a page's code arrives in a chain: the entry downloads and runs, the router asks for the
 * screen's chunk, the screen for its lazy parts (measured on /home/ with the CPU slowed 4×: the
 * screen's chunk was requested 560 ms after the entry had arrived, the member's part 190 ms after
 * that). With the hints, the browser fetches them beside the entry.
 *
 * The route → screen binding lives in renderer/routes/screens.ts as `import()` calls, which the
 * build cannot run (they load React screens and CSS); it reads them from the source instead (a
 * unit test checks that this reading finds every screen the router has).
 */
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { createPreloadTags, type TRoutePreloads } from '../../server/http/route-preloads';
import { routeTable } from '../../renderer/routes/route-table';

/**
 * Lazy parts a signed-in member's pages always load: the header's notifications and menus, the query
 * data module (found by its live link). Paths from the renderer's root; the build fails when one is gone.
 */
export const MEMBER_PARTS = ['features/notifications/notifications-menu.tsx', 'live-link.ts'];

/** Lazy parts of a screen that a signed-in member always sees (renderer root paths). */
export const MEMBER_SCREEN_PARTS: Readonly<Record<string, readonly string[]>> = {
  'features/home/home-screen.tsx': ['features/home/member-home.tsx'],
};

/**
 * Route name → screen module (renderer root path, without extension) as screens.ts binds them:
 * `'v2.home': () => import('../features/home/home-screen')`, or through a named loader
 * (`const authScreen: TScreenLoader = () => import('…')` … `'v2.authLogin': authScreen`).
 */
export function parseScreenModules(source: string): Map<string, string> {
  const fromRoutes = (specifier: string): string => path.posix.join('routes', specifier);
  const named = new Map<string, string>();
  for (const match of source.matchAll(/const (\w+): TScreenLoader = \(\) => import\('([^']+)'\)/g))
    named.set(match[1]!, fromRoutes(match[2]!));
  const screens = new Map<string, string>();
  for (const match of source.matchAll(/^\s*'([\w.]+)': (?:\(\) => import\('([^']+)'\)|(\w+)),?$/gm)) {
    const module = match[2] ? fromRoutes(match[2]) : named.get(match[3]!);
    if (module) screens.set(match[1]!, module);
  }
  return screens;
}

interface TChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  moduleIds: readonly string[];
  imports: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The files a chunk needs (itself, its static imports, their styles), minus what `known` has. */
function closure(start: TChunkLike, chunks: ReadonlyMap<string, TChunkLike>, known: ReadonlySet<string>) {
  const files: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const pending = [start.fileName];
  for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
    if (seen.has(name) || known.has(name)) continue;
    seen.add(name);
    const chunk = chunks.get(name);
    if (!chunk) continue;
    files.push(`/${chunk.fileName}`);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!known.has(css)) styles.push(`/${css}`);
    pending.push(...chunk.imports);
  }
  return { files, styles: [...new Set(styles)] };
}

/** Builds the preload table from the bundle; throws when a screen or a listed part is not found. */
export function routePreloads(bundle: Record<string, { type: string }>, rendererRoot: string): TRoutePreloads {
  const chunks = new Map<string, TChunkLike>();
  for (const [name, item] of Object.entries(bundle))
    if (item.type === 'chunk') chunks.set(name, item as unknown as TChunkLike);
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('route preloads: the build has no entry chunk');
  const known = new Set<string>();
  const entryParts = closure(entry, chunks, known);
  for (const file of [...entryParts.files, ...entryParts.styles]) known.add(file.slice(1));

  const chunkOf = (module: string): TChunkLike => {
    const base = path.join(rendererRoot, module).replace(/\.tsx?$/, '');
    const ids = [`${base}.tsx`, `${base}.ts`];
    const chunk = [...chunks.values()].find((item) => item.moduleIds.some((id) => ids.includes(id)));
    if (!chunk) throw new Error(`route preloads: no chunk holds ${module}`);
    return chunk;
  };
  const partsOf = (modules: readonly string[]) => {
    const files = new Set<string>();
    const styles = new Set<string>();
    for (const module of modules) {
      const parts = closure(chunkOf(module), chunks, known);
      parts.files.forEach((file) => files.add(file));
      parts.styles.forEach((style) => styles.add(style));
    }
    return { files: [...files], styles: [...styles] };
  };

  const screens = parseScreenModules(readFileSync(path.join(rendererRoot, 'routes', 'screens.ts'), 'utf8'));
  const routes: TRoutePreloads['routes'] = [];
  for (const route of routeTable) {
    const module = screens.get(route.name);
    if (!module || ('redirectTo' in route && route.redirectTo) || ('fullPageLoad' in route && route.fullPageLoad))
      continue;
    const key = Object.keys(MEMBER_SCREEN_PARTS).find((part) => part.replace(/\.tsx?$/, '') === module);
    routes.push({
      path: route.path,
      ...partsOf([module]),
      member: partsOf(key ? MEMBER_SCREEN_PARTS[key]! : []),
    });
  }
  const table = { routes, member: partsOf(MEMBER_PARTS) };
  // The server's matcher refuses some route tables (two paths differing only in case or in a
  // parameter's name): refused here, the build fails instead of the pages losing their preloads.
  createPreloadTags(table);
  return table;
}

/** Vite plugin: writes `route-preloads.json` beside index.html. */
export function routePreloadsPlugin(rendererRoot: string): Plugin {
  // Rollup names modules by their real path.
  const root = realpathSync(rendererRoot);
  return {
    name: 'gifting-route-preloads',
    apply: 'build',
    // After Vite's CSS step, which drops the chunks that held only styles from the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify(routePreloads(bundle, root)),
      });
    },
  };
}
