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
 *
 * A domain's shared pieces are marked too (SHARED_PARTS): modules that several screens of one
 * domain import and no other page needs, which Rollup otherwise merged into whatever chunk cost
 * least: the join screens' parts into the exchange parts every exchange page loads, the group and
 * family parts into the home's activity feed, the account switcher's list beside Avatar (every page
 * showing a person), the country list beside the accordion chevron of the tab links, the child
 * account's address helper and the chats' state into the entry, the e-mail links' hook into the
 * data chunk of every member page. Marked, each keeps a chunk with only what loads with it.
 * Measured against the same build without them: `/home/` 179.2 → 176.7 KiB, wish list
 * 186.1 → 182.2, messages 186.6 → 183.4, exchange 192.8 → 189.8, shop 177.7 → 176.9, `/`
 * 134.7 → 134.2, with the same number of scripts but one more on `/home/` and messages. Marking
 * every feature module instead kept about as many bytes off but cost each member page 3–15 more
 * scripts; marking the kit's pager and select too cost every page a script or three and gained
 * nothing.
 */
import type { Plugin } from 'vite';

interface TModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(
    id: string,
  ): { dynamicImporters: readonly string[]; moduleSideEffects: boolean | 'no-treeshake' } | null;
}

/**
 * A domain's shared pieces: the `*-parts.tsx` modules (the codebase's name for them), and the few
 * shared modules named otherwise.
 */
const SHARED_PARTS: readonly RegExp[] = [
  /-parts\.tsx$/,
  /\/renderer\/features\/auth\/(account-list|auth-page)\.tsx$/,
  /\/renderer\/features\/family\/manage-child-route\.ts$/,
  /\/renderer\/features\/messages\/chat-state\.ts$/,
  /\/renderer\/features\/actions\/use-email-action\.ts$/,
  /\/renderer\/kit\/countries\.ts$/,
];

function keptApart(id: string, info: { dynamicImporters: readonly string[] }): boolean {
  if (id.includes('/node_modules/')) return false;
  return info.dynamicImporters.length > 0 || SHARED_PARTS.some((pattern) => pattern.test(id));
}

/** Marks the app's lazily imported modules and a domain's shared parts as side-effectful; returns their ids. */
export function markLazyModules(graph: TModuleGraph): string[] {
  const marked: string[] = [];
  for (const id of graph.getModuleIds()) {
    const info = graph.getModuleInfo(id);
    if (!info || !keptApart(id, info)) continue;
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
