/**
 * Tells Chromium's V8 to compile, while it downloads them, every function of the scripts that run
 * on every page load (issue 27): the entry and the React and query-data vendor chunks. V8 otherwise
 * compiles a function on the page's main thread when first called; with the hint it compiles the
 * whole file on a background thread as it streams in ("explicit compile hints", Chrome 136+:
 * https://v8.dev/blog/explicit-compile-hints). Other browsers read it as a comment.
 *
 * Only the chunks whose code nearly all runs before the first paint: a lazy screen's chunk or a
 * dialog's would be compiled for nothing. Measured on /home/ signed in, CPU slowed 4×, cold loads
 * interleaved with the same build without the hint (12 each, two servers): LCP median 1,646 →
 * 1,476 ms, mean 1,645 → 1,521 ms.
 */
import type { Plugin } from 'vite';

/** V8's magic comment: it opens the file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The vendor chunks' names, given by vite.config.ts's manual chunks: every page runs both at load. */
export const VENDOR_CHUNKS = { react: 'vendor-react', data: 'vendor-data' } as const;

const EAGER_VENDOR_CHUNKS: ReadonlySet<string> = new Set(Object.values(VENDOR_CHUNKS));

/** Whether a chunk gets the hint: the entry and the vendor chunks every page runs at load. */
export function wantsCompileHint(chunk: { isEntry: boolean; name: string }): boolean {
  return chunk.isEntry || EAGER_VENDOR_CHUNKS.has(chunk.name);
}

/**
 * Opens those chunks with the hint once the bundle is final (after minification, and after Vite
 * has put its preload helper at the top of the entry): the transpile step and the minifier would
 * drop a comment added earlier. Their source maps shift by the one line.
 */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'gifting-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own (the preload helper's), which would write the entry's code over.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !wantsCompileHint(chunk)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // The map's first generated line (the hint) maps to nothing: in the chunk's map and in
          // the map file Rollup has already put in the bundle beside it.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const mapFile = bundle[`${chunk.fileName}.map`];
          if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
            const map = JSON.parse(mapFile.source) as { mappings: string };
            mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
          }
        }
      },
    },
  };
}
