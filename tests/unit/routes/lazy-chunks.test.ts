import { describe, expect, it } from 'vitest';
import { rollup, type Plugin as RollupPlugin } from 'rollup';
import { lazyChunksPlugin, markLazyModules } from '../../../scripts/lib/lazy-chunks';

type TInfo = { dynamicImporters: string[]; moduleSideEffects: boolean | 'no-treeshake' };

function graph(modules: Record<string, string[]>) {
  const infos = new Map<string, TInfo>(
    Object.entries(modules).map(([id, dynamicImporters]) => [id, { dynamicImporters, moduleSideEffects: true }]),
  );
  return {
    infos,
    getModuleIds: () => infos.keys(),
    getModuleInfo: (id: string) => infos.get(id) ?? null,
  };
}

describe('lazy modules stay in chunks of their own (issue 27)', () => {
  it("marks the app's modules loaded with import() and a domain's shared parts as having side effects, and nothing else", () => {
    const built = graph({
      '/app/renderer/routes/screens.ts': [],
      '/app/renderer/features/home/home-screen.tsx': ['/app/renderer/routes/screens.ts'],
      '/app/renderer/auth/impersonation-banner.tsx': ['/app/renderer/app/app-shell.tsx'],
      '/app/renderer/kit/states.tsx': [],
      '/app/node_modules/some-package/lazy.js': ['/app/node_modules/some-package/index.js'],
      // A domain's shared parts: by their name, and the few named otherwise.
      '/app/renderer/features/groups/group-parts.tsx': [],
      '/app/renderer/features/auth/account-list.tsx': [],
      '/app/renderer/kit/countries.ts': [],
      '/app/renderer/features/groups/member-lists.tsx': [],
      '/app/node_modules/some-package/dist/button-parts.tsx': [],
    });
    expect(markLazyModules(built).sort()).toEqual([
      '/app/renderer/auth/impersonation-banner.tsx',
      '/app/renderer/features/auth/account-list.tsx',
      '/app/renderer/features/groups/group-parts.tsx',
      '/app/renderer/features/home/home-screen.tsx',
      '/app/renderer/kit/countries.ts',
    ]);
    expect(built.infos.get('/app/renderer/features/home/home-screen.tsx')!.moduleSideEffects).toBe('no-treeshake');
    expect(built.infos.get('/app/renderer/kit/states.tsx')!.moduleSideEffects).toBe(true);
    expect(built.infos.get('/app/node_modules/some-package/lazy.js')!.moduleSideEffects).toBe(true);
  });
});

/** Bundles an entry that lazily loads two small screens, as the app's router does. */
async function lazyScreenChunks(withPlugin: boolean): Promise<string[][]> {
  const sources: Record<string, string> = {
    entry: "export const screens = [() => import('screen-a'), () => import('screen-b')];",
    'screen-a': "export default function A() { return 'the first screen'; }",
    'screen-b': "export default function B() { return 'the second screen'; }",
  };
  const virtual: RollupPlugin = {
    name: 'virtual',
    resolveId: (id) => (id in sources ? id : null),
    load: (id) => sources[id] ?? null,
  };
  const build = await rollup({
    input: 'entry',
    plugins: [virtual, ...(withPlugin ? [lazyChunksPlugin() as RollupPlugin] : [])],
  });
  const { output } = await build.generate({ format: 'es', experimentalMinChunkSize: 20_000 });
  await build.close();
  return output.flatMap((file) => (file.type === 'chunk' ? [Object.keys(file.modules).sort()] : [])).sort();
}

describe('the plugin in a real build', () => {
  it('without it, Rollup merges the small lazy screens into the first load', async () => {
    expect(await lazyScreenChunks(false)).toEqual([['entry', 'screen-a', 'screen-b']]);
  });

  it('with it, each lazy screen keeps a chunk of its own', async () => {
    expect(await lazyScreenChunks(true)).toEqual([['entry'], ['screen-a'], ['screen-b']]);
  });
});
