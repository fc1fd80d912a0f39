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
 */
import type { Plugin } from 'vite';

export interface TScreenPreloads {
  plugin: Plugin;
  /** For `build.modulePreload.resolveDependencies`: no JavaScript files for a screen's chunk. */
  resolveDependencies: (file: string, deps: string[]) => string[];
}

interface TBundleChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isDynamicEntry?: boolean;
  facadeModuleId?: string | null;
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
  return {
    plugin: {
      name: 'gifting-screen-preloads',
      apply: 'build',
      // Runs before Vite's own generateBundle (a post plugin), which asks resolveDependencies.
      generateBundle(_options, bundle) {
        const screens = new Set(this.getModuleInfo(screensModule)?.dynamicallyImportedIds ?? []);
        for (const file of screenChunkFiles(screens, bundle as Record<string, TBundleChunk>)) screenChunks.add(file);
        if (screenChunks.size === 0) this.error(`No screen chunk found for ${screensModule}`);
      },
    },
    resolveDependencies: (file, deps) => (screenChunks.has(file) ? [] : deps),
  };
}
