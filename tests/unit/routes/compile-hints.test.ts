/**
 * V8's compile hint on the scripts every page runs at load (scripts/lib/compile-hints.ts, issue 27):
 * a real Rollup build with the plugin, checked for which chunks open with the hint and whether
 * their source maps still point at the right source lines.
 */
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { rollup, type OutputAsset, type OutputChunk, type Plugin as RollupPlugin } from 'rollup';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHintsPlugin, wantsCompileHint } from '../../../scripts/lib/compile-hints';

const SOURCES: Record<string, string> = {
  'main.js': [
    "import { render } from 'react-like';",
    "export const shown = render('home');",
    "export const later = () => import('./dialog.js');",
  ].join('\n'),
  'react-like': "export function render(name) {\n  return 'rendered ' + name;\n}",
  'dialog.js': "export default function dialog() {\n  return 'dialog';\n}",
};

/** Serves SOURCES as modules (no file system). */
const virtual: RollupPlugin = {
  name: 'virtual',
  resolveId: (id) => id.replace(/^\.\//, ''),
  load: (id) => SOURCES[id] ?? null,
};

async function build() {
  const bundle = await rollup({ input: 'main.js', plugins: [virtual, compileHintsPlugin() as RollupPlugin] });
  const { output } = await bundle.generate({
    format: 'es',
    sourcemap: true,
    manualChunks: (id) => (id === 'react-like' ? 'vendor-react' : undefined),
  });
  const chunks = output.filter((item): item is OutputChunk => item.type === 'chunk');
  const maps = output.filter((item): item is OutputAsset => item.type === 'asset');
  return { chunks, maps };
}

describe('compile hints (issue 27)', () => {
  it('opens the entry and the vendor chunks every page runs with the hint, and no lazy chunk', async () => {
    const { chunks } = await build();
    const byName = Object.fromEntries(chunks.map((chunk) => [chunk.name, chunk.code]));
    expect(Object.keys(byName).sort()).toEqual(['dialog', 'main', 'vendor-react']);
    expect(byName.main!.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(byName['vendor-react']!.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(byName.dialog).not.toContain(COMPILE_HINT);
    expect(wantsCompileHint({ isEntry: false, name: 'vendor-data' })).toBe(true);
    expect(wantsCompileHint({ isEntry: false, name: 'home-screen' })).toBe(false);
  });

  it('keeps the source maps written beside the chunks pointing at the right lines', async () => {
    const { chunks, maps } = await build();
    const vendor = chunks.find((chunk) => chunk.name === 'vendor-react')!;
    const mapFile = maps.find((asset) => asset.fileName === `${vendor.fileName}.map`)!;
    const map = new TraceMap(String(mapFile.source));
    const lines = vendor.code.split('\n');
    const line = lines.findIndex((text) => text.includes("'rendered '"));
    const position = originalPositionFor(map, { line: line + 1, column: lines[line]!.indexOf("'rendered '") });
    expect(position).toMatchObject({ source: 'react-like', line: 2 });
  });
});
