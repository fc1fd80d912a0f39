import path from 'node:path';
import { rollup, type Plugin as RollupPlugin } from 'rollup';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../scripts/lib/database-server';
import { readFileSync } from 'node:fs';
import {
  annotateReactRouter,
  annotateTrpcWsLink,
  DROPPED_BUTTON_STATICS,
  dropButtonGroupStatics,
  dropUnusedTrpcHooks,
  UNBUNDLED_TRPC_HOOKS,
  vendorShakePlugin,
} from '../../../scripts/lib/vendor-shake';

const ROUTER = path.join(PROJECT_ROOT, 'node_modules/react-router/dist/production/index.mjs');
const TRPC_CLIENT = path.join(PROJECT_ROOT, 'node_modules/@trpc/client/dist/index.mjs');
const TRPC_REACT = path.join(PROJECT_ROOT, 'node_modules/@trpc/react-query/dist/index.mjs');
const MANTINE_BUTTON = path.join(PROJECT_ROOT, 'node_modules/@mantine/core/esm/components/Button/Button.mjs');

/**
 * Bundles `source` against the package file under test (react-router's production build, tRPC's
 * client or React hooks, Mantine's Button), with or without the transform. Other packages a file
 * imports by name stay outside the bundle (no resolver for them).
 */
async function bundle(source: string, shake: boolean): Promise<string> {
  const entry: RollupPlugin = {
    name: 'entry',
    resolveId: (id) =>
      id === 'entry'
        ? id
        : id === 'react-router'
          ? ROUTER
          : id === '@trpc/client'
            ? TRPC_CLIENT
            : id === '@trpc/react-query'
              ? TRPC_REACT
              : id === 'mantine-button'
                ? MANTINE_BUTTON
                : null,
    load: (id) => (id === 'entry' ? source : null),
  };
  const build = await rollup({
    input: 'entry',
    // Everything but the package under test (tRPC's server helpers are found by their own imports).
    external: (id) =>
      id === 'react' || id === 'react-dom' || id.startsWith('@trpc/server') || id.startsWith('@tanstack/'),
    plugins: [entry, ...(shake ? [vendorShakePlugin() as unknown as RollupPlugin] : [])],
    // As Vite reads Mantine's package.json ("sideEffects": ["*.css"]): its modules only define things.
    treeshake: { moduleSideEffects: (id) => !id.includes('/node_modules/@mantine/') },
    onwarn: () => undefined,
  });
  const { output } = await build.generate({ format: 'es' });
  await build.close();
  return output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('\n');
}

/** The same source bundled without the transform (what the installed package gives) and with it. */
async function bundleBoth(source: string): Promise<{ plain: string; shaken: string }> {
  return { plain: await bundle(source, false), shaken: await bundle(source, true) };
}

describe('vendor shake (scripts/lib/vendor-shake.ts)', () => {
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
    expect(result.counts).toEqual({ factories: 3, displayNames: 1 });
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
    const { plain, shaken } = await bundleBoth(source);
    // Without the transform, the installed react-router keeps them (the reason for it).
    expect(plain).toContain('data-discover');
    expect(plain).toContain('PrefetchPageLinks');
    for (const gone of ['data-discover', 'PrefetchPageLinks', 'getFormSubmissionInfo', 'displayName = "NavLink"'])
      expect(shaken).not.toContain(gone);
    // What was asked for is still there.
    expect(shaken).toMatch(/export \{[^}]*useHref/);
    expect(shaken.length).toBeLessThan(plain.length - 10_000);
  });

  it("lets a bundle that uses tRPC's server-sent events link leave the WebSocket client out", async () => {
    const source = "export { httpSubscriptionLink, httpBatchLink } from '@trpc/client';";
    const { plain, shaken } = await bundleBoth(source);
    expect(plain).toContain('class WsConnection');
    expect(shaken).not.toContain('WsConnection');
    expect(shaken).not.toContain('new WebSocket');
    expect(shaken).toMatch(/export \{[^}]*httpSubscriptionLink/);
    expect(annotateTrpcWsLink('_defineProperty(WsConnection, "connectCount", 0);').code).toBe(
      '/* @__PURE__ */ _defineProperty(WsConnection, "connectCount", 0);',
    );
  });

  it("lets a bundle of tRPC's React hooks leave the suspense and prefetch hooks out, keeping the others", async () => {
    const source = "export { createTRPCReact } from '@trpc/react-query';";
    const { plain, shaken } = await bundleBoth(source);
    for (const hook of UNBUNDLED_TRPC_HOOKS) {
      // React Query's own hook, imported by name from the (external) package.
      expect(plain).toMatch(new RegExp(`\\b${hook}\\b`));
      expect(shaken).not.toMatch(new RegExp(`\\b${hook}\\b`));
    }
    for (const kept of ['useQuery', 'useQueries', 'useMutation', 'useSubscription', 'useInfiniteQuery', 'useUtils'])
      expect(shaken).toMatch(new RegExp(`\\b${kept}\\b`));
    expect(dropUnusedTrpcHooks('\t\tuseQuery: useQuery$1,\n\t\tuseSuspenseQuery: useSuspenseQuery$1,').code).toBe(
      '\t\tuseQuery: useQuery$1,\n',
    );
  });

  it("lets a bundle of Mantine's Button leave its group components out, keeping the button", async () => {
    const source = "export { Button } from 'mantine-button';";
    const { plain, shaken } = await bundleBoth(source);
    expect(plain).toContain('@mantine/core/ButtonGroupSection');
    expect(plain).toContain('@mantine/core/ButtonGroup"');
    expect(shaken).not.toContain('ButtonGroup');
    expect(shaken).toContain('"@mantine/core/Button"');
    expect(dropButtonGroupStatics('Button.classes = classes;\nButton.Group = ButtonGroup;\nx();').code).toBe(
      'Button.classes = classes;\n\nx();',
    );
  });

  it('names the same Button statics in the lint rule that refuses them', () => {
    const config = readFileSync(path.join(PROJECT_ROOT, 'eslint.config.js'), 'utf8');
    const names = /\[object\.name="Button"\][^\n]*property\[name=\/\^\(([^)]*)\)\$\/\]/.exec(config)?.[1]?.split('|');
    expect(names?.sort()).toEqual([...DROPPED_BUTTON_STATICS].sort());
  });

  it('names the same hooks in the lint rule that refuses calls of them', () => {
    const config = readFileSync(path.join(PROJECT_ROOT, 'eslint.config.js'), 'utf8');
    const names = /Identifier\.property\[name=\/\^\(([^)]*)\)\$\/\]/.exec(config)?.[1]?.split('|');
    expect(names?.sort()).toEqual([...UNBUNDLED_TRPC_HOOKS].sort());
  });

  it('refuses a package file without the shape its rule relies on, and leaves other files alone', () => {
    const plugin = vendorShakePlugin();
    const transform = plugin.transform as (code: string, id: string) => unknown;
    const router = '/x/node_modules/react-router/dist/production/chunk-ABC.mjs';
    expect(() => transform.call({}, 'var Link = /* @__PURE__ */ forwardRef(() => null);', router)).toThrow(
      /no longer has the shape .* for react-router components/,
    );
    const ws = '/x/node_modules/@trpc/client/dist/wsLink-XYZ.mjs';
    expect(() => transform.call({}, 'class WsConnection {}\nWsConnection.connectCount = 0;', ws)).toThrow(
      /WebSocket client/,
    );
    const hooks = '/x/node_modules/@trpc/react-query/dist/shared-ABC.mjs';
    expect(() => transform.call({}, 'function createRootHooks(config) { return { useQuery }; }', hooks)).toThrow(
      /suspense and prefetch hooks/,
    );
    const button = '/x/node_modules/@mantine/core/esm/components/Button/Button.mjs';
    expect(() => transform.call({}, 'Button.Group = ButtonGroup;\nButton.Sections = ButtonSections;', button)).toThrow(
      /Button group statics/,
    );
    expect(transform.call({}, 'var Link = React.forwardRef(x);', '/x/node_modules/other/index.mjs')).toBeNull();
  });
});
