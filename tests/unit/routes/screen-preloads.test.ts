/**
 * Route screens' `import()`s list no JavaScript files in the entry (scripts/lib/screen-preloads.ts),
 * while other lazy parts keep their lists, less what the importing chunk loaded already: checked on
 * a real Vite build of a small app shaped like ours (an entry, a screens module, a dialog with a
 * lazy panel of its own, and a shared module all of them import).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Rollup } from 'vite';
import { screenChunkFiles, screenPreloads, staticallyLoaded } from '../../../scripts/lib/screen-preloads';

const root = mkdtempSync(path.join(tmpdir(), 'screen-preloads-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SHARED = `export const shared = ${JSON.stringify('shared code '.repeat(2_000))};`;
const FILES: Record<string, string> = {
  'index.html': '<script type="module" src="./main.js"></script>',
  'main.js':
    "import { screens } from './screens.js';\nexport const dialog = () => import('./dialog.js');\nconsole.log(screens, dialog);",
  'screens.js': "export const screens = { list: () => import('./list-screen.js') };",
  'list-screen.js': "import { shared } from './shared.js';\nexport default function List() { return shared + 'list'; }",
  'dialog.js':
    "import { shared } from './shared.js';\nexport const panel = () => import('./panel.js');\nexport default function Dialog() { return shared + 'dialog'; }",
  'panel.js': "import { shared } from './shared.js';\nexport default function Panel() { return shared + 'panel'; }",
  'shared.js': SHARED,
};
for (const [name, text] of Object.entries(FILES)) writeFileSync(path.join(root, name), text);

/** The code of the entry and the dialog's chunk, built with or without the screen preloads. */
async function built(withScreenPreloads: boolean): Promise<{ entry: string; dialog: string }> {
  const preloads = screenPreloads(path.join(root, 'screens.js'));
  const result = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: withScreenPreloads ? [preloads.plugin] : [],
    build: {
      write: false,
      minify: false,
      modulePreload: withScreenPreloads ? { resolveDependencies: preloads.resolveDependencies } : {},
    },
  })) as Rollup.RollupOutput;
  const chunks = result.output.filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  return {
    entry: chunks.find((chunk) => chunk.isEntry)!.code,
    dialog: chunks.find((chunk) => chunk.name === 'dialog')!.code,
  };
}

async function entryCode(withScreenPreloads: boolean): Promise<string> {
  return (await built(withScreenPreloads)).entry;
}

/** The file names of the preload list the entry writes (`__vite__mapDeps`'s table). */
function preloadList(code: string): string[] {
  return [...code.matchAll(/"assets\/([\w-]+)-[\w-]{8}\.js"/g)].map((match) => match[1]!);
}

describe('route screens list no files to preload in the entry (issue 27)', () => {
  it('without the plugin, the entry lists the screen and its shared module', async () => {
    expect(preloadList(await entryCode(false)).sort()).toEqual(['dialog', 'list-screen', 'shared']);
  });

  it('with it, only the dialog keeps its list', async () => {
    expect(preloadList(await entryCode(true)).sort()).toEqual(['dialog', 'shared']);
  });

  it('a lazy part loaded from a lazy chunk does not list what that chunk loaded already', async () => {
    // The dialog imports the shared module itself: it is in the browser when the panel is asked for.
    expect(preloadList((await built(false)).dialog).sort()).toEqual(['panel', 'shared']);
    expect(preloadList((await built(true)).dialog)).toEqual(['panel']);
  });

  it('finds every chunk a chunk loads statically, through the others too', () => {
    const importsOf = new Map([
      ['a.js', ['b.js']],
      ['b.js', ['c.js', 'a.js']],
      ['c.js', []],
      ['d.js', ['a.js']],
    ]);
    expect([...staticallyLoaded('a.js', importsOf)].sort()).toEqual(['a.js', 'b.js', 'c.js']);
    expect([...staticallyLoaded('c.js', importsOf)]).toEqual([]);
  });

  it('finds the chunks whose module the screens module imports', () => {
    const bundle = {
      'assets/list-screen-aaaaaaaa.js': {
        type: 'chunk' as const,
        fileName: 'assets/list-screen-aaaaaaaa.js',
        isDynamicEntry: true,
        facadeModuleId: '/app/list-screen.js',
      },
      'assets/dialog-bbbbbbbb.js': {
        type: 'chunk' as const,
        fileName: 'assets/dialog-bbbbbbbb.js',
        isDynamicEntry: true,
        facadeModuleId: '/app/dialog.js',
      },
      'assets/shared-cccccccc.js': {
        type: 'chunk' as const,
        fileName: 'assets/shared-cccccccc.js',
        isDynamicEntry: false,
        facadeModuleId: null,
      },
      'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css' },
    };
    expect(screenChunkFiles(new Set(['/app/list-screen.js']), bundle)).toEqual(['assets/list-screen-aaaaaaaa.js']);
  });
});
