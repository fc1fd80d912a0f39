import path from 'node:path';
import { rollup, type Plugin as RollupPlugin } from 'rollup';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../scripts/lib/database-server';
import { annotateReactRouter, reactRouterShakePlugin } from '../../../scripts/lib/react-router-shake';

const ROUTER = path.join(PROJECT_ROOT, 'node_modules/react-router/dist/production/index.mjs');

/** Bundles `source` against react-router's production build (react external), with or without the transform. */
async function bundle(source: string, shake: boolean): Promise<string> {
  const entry: RollupPlugin = {
    name: 'entry',
    resolveId: (id) => (id === 'entry' ? id : id === 'react-router' ? ROUTER : null),
    load: (id) => (id === 'entry' ? source : null),
  };
  const build = await rollup({
    input: 'entry',
    external: (id) => id === 'react' || id === 'react-dom',
    plugins: [entry, ...(shake ? [reactRouterShakePlugin() as unknown as RollupPlugin] : [])],
    onwarn: () => undefined,
  });
  const { output } = await build.generate({ format: 'es' });
  await build.close();
  return output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('\n');
}

describe('react-router shake (scripts/lib/react-router-shake.ts)', () => {
  it('marks the top-level React factories pure and drops the displayName writes, keeping every line', () => {
    const code = [
      'var Ctx = React.createContext(null);',
      'var Link = React10.forwardRef(function LinkWithRef() {});',
      'Link.displayName = "Link";',
      'var Memo = React3.memo(function Inner() {});',
      'var other = compute();',
      '  nested.displayName = "kept: not top-level";',
    ].join('\n');
    const result = annotateReactRouter(code);
    expect(result.annotated).toBe(3);
    expect(result.namesDropped).toBe(1);
    expect(result.code.split('\n')).toEqual([
      'var Ctx = /* @__PURE__ */ React.createContext(null);',
      'var Link = /* @__PURE__ */ React10.forwardRef(function LinkWithRef() {});',
      '',
      'var Memo = /* @__PURE__ */ React3.memo(function Inner() {});',
      'var other = compute();',
      '  nested.displayName = "kept: not top-level";',
    ]);
  });

  it("lets a bundle that uses only react-router's hooks leave its Link, NavLink and Form out", async () => {
    const source = "export { useHref, useLinkClickHandler, useRoutes } from 'react-router';";
    const plain = await bundle(source, false);
    const shaken = await bundle(source, true);
    // Without the transform, the installed react-router keeps them (the reason for it).
    expect(plain).toContain('data-discover');
    expect(plain).toContain('PrefetchPageLinks');
    for (const gone of ['data-discover', 'PrefetchPageLinks', 'getFormSubmissionInfo', 'displayName = "NavLink"'])
      expect(shaken).not.toContain(gone);
    // What was asked for is still there.
    expect(shaken).toMatch(/export \{[^}]*useHref/);
    expect(shaken.length).toBeLessThan(plain.length - 10_000);
  });

  it('refuses a react-router build without the shape it relies on', () => {
    const plugin = reactRouterShakePlugin();
    const transform = plugin.transform as (code: string, id: string) => unknown;
    const id = '/x/node_modules/react-router/dist/production/chunk-ABC.mjs';
    expect(() => transform.call({}, 'var Link = /* @__PURE__ */ forwardRef(() => null);', id)).toThrow(
      /no longer has the shape/,
    );
    // Other files pass untouched.
    expect(transform.call({}, 'var Link = React.forwardRef(x);', '/x/node_modules/other/index.mjs')).toBeNull();
  });
});
