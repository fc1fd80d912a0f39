/**
 * Keeps what the app loads lazily out of other pages' first loads (issue 27).
 *
 * The build merges small chunks (`experimentalMinChunkSize`): a page fetching 60 tiny scripts was
 * worse than a few bytes of code it does not run. But Rollup merges a side-effect-free chunk into
 * whichever chunk costs the least unused code, without a limit, so lazily imported modules ended up
 * in each other's chunks: the exchange page fetched the group page, the family manager and five other
 * screens; every member page fetched the impersonation and child-account banners (lazy, shown to
 * support staff and family managers only) and the log-out screen.
 *
 * Rollup never merges code with side effects into a chunk that can load without it. This plugin
 * marks every module of the app that is imported with `import()` (a route's screen, a dialog, a
 * banner, the live link) as having side effects, once the build has tree-shaken the graph
 * (`buildEnd`; Rollup lets plugins change `moduleSideEffects` at any time, rollup/rollup#4379), so
 * it changes where modules go and nothing about what is kept. A lazy module's chunk then takes only
 * code that is always loaded with it, and its own code goes nowhere it is not asked for. Shared
 * side-effect-free chunks (components, helpers) still merge as before.
 *
 * Measured against the same build without it (npm run size): `/` 138.4 → 138.0 KiB, `/home/`
 * 189.5 → 186.5 (24 → 22 scripts), wish list 193.0 → 190.4, shop 182.3 → 180.7, messages
 * 191.5 → 189.3, exchange 207.5 → 207.3.
 */
import type { Plugin } from 'vite';

interface TModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(
    id: string,
  ): { dynamicImporters: readonly string[]; moduleSideEffects: boolean | 'no-treeshake' } | null;
}

/** Marks the app's lazily imported modules as side-effectful; returns their ids. */
export function markLazyModules(graph: TModuleGraph): string[] {
  const marked: string[] = [];
  for (const id of graph.getModuleIds()) {
    const info = graph.getModuleInfo(id);
    if (!info || info.dynamicImporters.length === 0 || id.includes('/node_modules/')) continue;
    // 'no-treeshake' is the one value Rollup reads as "has side effects" whatever the code holds;
    // tree-shaking is over by buildEnd, so it keeps no extra code.
    info.moduleSideEffects = 'no-treeshake';
    marked.push(id);
  }
  return marked;
}

export function lazyChunksPlugin(): Plugin {
  return {
    name: 'gifting-lazy-chunks',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      if (markLazyModules(this).length === 0) this.error('No lazily imported module found: the screens load lazily');
    },
  };
}
