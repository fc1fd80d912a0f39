/**
 * Route screens' dependency lists stay out of the entry chunk (issue 27).
 *
 * For every `import()` Vite writes into the importing chunk the list of files the imported chunk
 * needs, so that the browser fetches them all at once (`__vite__mapDeps`). The entry imports every
 * route's screen (renderer/routes/screens.ts), so it carried the file names of the whole app and
 * each screen's list: 3.4 KiB gzip on every page (entry 56.5 → 53.1 KiB), for navigations most
 * visits never make. A page's first load does not use them: the server announces its screen's files in
 * the HTML (server/http/route-preloads.ts).
 *
 * So a screen's `import()` lists only its styles (a screen must not paint unstyled), and the
 * browser finds the screen's other files in its imports. The round trip that adds to a navigation
 * is taken before the click instead: a link starts loading its page's code when it is pointed at,
 * focused or touched (renderer/routes/link.tsx). Dialogs, menus and the other lazy parts keep their
 * lists: they open on a click with no such warning.
 *
 * No list names a file the importing chunk already loaded: a chunk runs only once everything it
 * imports statically is in, so those files are in the browser already when its `import()` runs.
 * Vite lists them all the same (home's member sections named 17 files, most of them home's own):
 * left out, /home/ fetches about 0.2 KiB gzip less.
 */
import type { Plugin } from 'vite';

export interface TScreenPreloads {
  plugin: Plugin;
  /**
   * For `build.modulePreload.resolveDependencies`: no JavaScript files for a screen's chunk, and
   * none the importing chunk (`hostId`) already loaded for any other.
   */
  resolveDependencies: (file: string, deps: string[], context?: { hostId: string }) => string[];
}

interface TBundleChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isDynamicEntry?: boolean;
  facadeModuleId?: string | null;
  /** The chunks it imports statically. */
  imports?: string[];
}

/** Every chunk `file` imports statically, directly or through others (file names). */
export function staticallyLoaded(file: string, importsOf: ReadonlyMap<string, readonly string[]>): Set<string> {
  const loaded = new Set<string>();
  const visit = (name: string): void => {
    for (const imported of importsOf.get(name) ?? []) {
      if (loaded.has(imported)) continue;
      loaded.add(imported);
      visit(imported);
    }
  };
  visit(file);
  return loaded;
}

/** The output files of the chunks that the screens module's `import()`s load. */
export function screenChunkFiles(screenIds: ReadonlySet<string>, bundle: Record<string, TBundleChunk>): string[] {
  return Object.values(bundle)
    .filter(
      (chunk) =>
        chunk.type === 'chunk' &&
        chunk.isDynamicEntry === true &&
        chunk.facadeModuleId != null &&
        screenIds.has(chunk.facadeModuleId),
    )
    .map((chunk) => chunk.fileName);
}

/** `screensModule`: the absolute path of the module that imports every route's screen. */
export function screenPreloads(screensModule: string): TScreenPreloads {
  const screenChunks = new Set<string>();
  const importsOf = new Map<string, readonly string[]>();
  const loadedBy = new Map<string, Set<string>>();
  return {
    plugin: {
      name: 'gifting-screen-preloads',
      apply: 'build',
      // Runs before Vite's own generateBundle (a post plugin), which asks resolveDependencies.
      generateBundle(_options, bundle) {
        const screens = new Set(this.getModuleInfo(screensModule)?.dynamicallyImportedIds ?? []);
        const chunks = bundle as Record<string, TBundleChunk>;
        // This build's chunks only (a watch build runs again with the same plugin).
        screenChunks.clear();
        importsOf.clear();
        loadedBy.clear();
        for (const file of screenChunkFiles(screens, chunks)) screenChunks.add(file);
        if (screenChunks.size === 0) this.error(`No screen chunk found for ${screensModule}`);
        for (const chunk of Object.values(chunks))
          if (chunk.type === 'chunk') importsOf.set(chunk.fileName, chunk.imports ?? []);
      },
    },
    resolveDependencies: (file, deps, context) => {
      if (screenChunks.has(file)) return [];
      if (!context) return deps;
      let loaded = loadedBy.get(context.hostId);
      if (!loaded) loadedBy.set(context.hostId, (loaded = staticallyLoaded(context.hostId, importsOf)));
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
