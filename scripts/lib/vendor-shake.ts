/**
 * Lets the build drop vendor code the app never uses (issue 27): a few packages write top-level
 * statements that bundlers must assume have side effects, which keeps whole unused components
 * and clients in every page's first load. Each rule rewrites one package file so Rollup can see
 * through them, and the build fails when the file no longer has the shape the rule relies on, so
 * an upgrade cannot silently bring the weight back.
 *
 * - react-router 7's production build defines its components as `var Link = React10.forwardRef(…)`
 *   followed by `Link.displayName = "Link";`, without the `@__PURE__` annotations bundlers rely
 *   on: Rollup kept Link with its framework-mode prefetching (PrefetchPageLinks and the route
 *   manifest it reads), NavLink, Form and its submission code, view transitions. The app links
 *   with its own Link (renderer/routes/link.tsx). The rule annotates the top-level `forwardRef`,
 *   `memo` and `createContext` calls (they only create objects) and drops the top-level
 *   `X.displayName = "…";` writes (names for React's developer tools): 4.4 KiB gzip.
 * - @trpc/client's WebSocket client: its module also holds `resultOf`, which the server-sent
 *   events link uses, and one top-level `_defineProperty(WsConnection, "connectCount", 0)` kept the
 *   whole WebSocket client. The rule marks that call pure.
 *
 * - @trpc/react-query's root hooks hand every procedure all of React Query's hooks, the suspense
 *   and prefetch ones too (`useSuspenseQuery`, `useSuspenseQueries`, `useSuspenseInfiniteQuery`,
 *   `usePrefetchQuery`, `usePrefetchInfiniteQuery`), which the app never calls: its screens load
 *   through the router's prefetch and show their own skeletons. The rule leaves those five out of
 *   the hooks object, so Rollup drops them and the React Query code only they use. ESLint refuses
 *   a call of any of them in the renderer (eslint.config.js), since the types still offer them.
 *
 * - Mantine's Button carries its group components as statics (`Button.Group = ButtonGroup;`,
 *   `Button.GroupSection = ButtonGroupSection;`), so every page's first load held both (about
 *   1.6 KB minified) though the app never groups buttons that way. The rule drops the two writes;
 *   ButtonGroup stays importable by name. ESLint refuses `Button.Group` and `Button.GroupSection`
 *   in the renderer (eslint.config.js).
 *
 * Hand-written because the annotation plugins annotate every top-level call, not only these
 * factories, and none drops the displayName writes. Whole lines are removed or extended in place,
 * so line numbers (and the source maps' lines) stay as they were.
 */
import type { Plugin } from 'vite';

interface TRule {
  name: string;
  file: RegExp;
  /** Only files holding this text (a package's chunk that defines what the rule is about). */
  holds: string;
  rewrite: (code: string) => { code: string; counts: Record<string, number> };
  /** The least count of each rewrite for the file to have the expected shape. */
  least: Record<string, number>;
}

function replaceCounting(code: string, pattern: RegExp, by: (...groups: string[]) => string) {
  let count = 0;
  const out = code.replace(pattern, (...args: string[]) => {
    count += 1;
    return by(...args);
  });
  return { out, count };
}

export function annotateReactRouter(code: string): { code: string; counts: Record<string, number> } {
  const factories = replaceCounting(
    code,
    /^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm,
    (_match, declaration, call) => `${declaration}/* @__PURE__ */ ${call}`,
  );
  const names = replaceCounting(factories.out, /^\w+\.displayName = "[^"\n]*";$/gm, () => '');
  return { code: names.out, counts: { factories: factories.count, displayNames: names.count } };
}

export function annotateTrpcWsLink(code: string): { code: string; counts: Record<string, number> } {
  const statics = replaceCounting(
    code,
    /^(_defineProperty\(WsConnection, )/gm,
    (_match, call) => `/* @__PURE__ */ ${call}`,
  );
  return { code: statics.out, counts: { statics: statics.count } };
}

/** The root hooks the renderer never calls (see above; eslint.config.js refuses them). */
export const UNBUNDLED_TRPC_HOOKS = [
  'usePrefetchQuery',
  'useSuspenseQuery',
  'useSuspenseQueries',
  'usePrefetchInfiniteQuery',
  'useSuspenseInfiniteQuery',
] as const;

export function dropUnusedTrpcHooks(code: string): { code: string; counts: Record<string, number> } {
  const hooks = replaceCounting(
    code,
    new RegExp(`^(\\s*)(${UNBUNDLED_TRPC_HOOKS.join('|')}): \\2\\$1,?$`, 'gm'),
    // An empty line in its place keeps the file's line numbers.
    () => '',
  );
  return { code: hooks.out, counts: { hooks: hooks.count } };
}

/** The statics of Mantine's Button the build drops (see above; eslint.config.js refuses them). */
export const DROPPED_BUTTON_STATICS = ['Group', 'GroupSection'] as const;

export function dropButtonGroupStatics(code: string): { code: string; counts: Record<string, number> } {
  const statics = replaceCounting(
    code,
    new RegExp(`^Button\\.(${DROPPED_BUTTON_STATICS.join('|')}) = ButtonGroup(Section)?;$`, 'gm'),
    () => '',
  );
  return { code: statics.out, counts: { statics: statics.count } };
}

export const VENDOR_RULES: readonly TRule[] = [
  {
    name: 'react-router components',
    file: /\/node_modules\/react-router\/dist\/production\/chunk-[\w-]+\.mjs$/,
    holds: 'var Link = ',
    rewrite: annotateReactRouter,
    // Link, NavLink and Form at least, each with its displayName.
    least: { factories: 3, displayNames: 3 },
  },
  {
    name: "@trpc/client's WebSocket client",
    file: /\/node_modules\/@trpc\/client\/dist\/wsLink-[\w-]+\.mjs$/,
    holds: 'class WsConnection',
    rewrite: annotateTrpcWsLink,
    least: { statics: 1 },
  },
  {
    name: "@trpc/react-query's suspense and prefetch hooks",
    file: /\/node_modules\/@trpc\/react-query\/dist\/shared-[\w-]+\.mjs$/,
    holds: 'function createRootHooks(',
    rewrite: dropUnusedTrpcHooks,
    least: { hooks: UNBUNDLED_TRPC_HOOKS.length },
  },
  {
    name: "Mantine's Button group statics",
    file: /\/node_modules\/@mantine\/core\/esm\/components\/Button\/Button\.mjs$/,
    holds: 'Button.Group = ',
    rewrite: dropButtonGroupStatics,
    least: { statics: DROPPED_BUTTON_STATICS.length },
  },
];

/** The Vite plugin: applies each rule to its file. */
export function vendorShakePlugin(rules: readonly TRule[] = VENDOR_RULES): Plugin {
  return {
    name: 'gifting-vendor-shake',
    apply: 'build',
    transform(code, id) {
      const rule = rules.find((candidate) => candidate.file.test(id) && code.includes(candidate.holds));
      if (!rule) return null;
      const result = rule.rewrite(code);
      const short = Object.entries(rule.least).filter(([key, least]) => (result.counts[key] ?? 0) < least);
      if (short.length > 0)
        throw new Error(
          `${id} no longer has the shape scripts/lib/vendor-shake.ts relies on for ${rule.name} ` +
            `(${JSON.stringify(result.counts)}, expected at least ${JSON.stringify(rule.least)}): review the rule.`,
        );
      return { code: result.code, map: null };
    },
  };
}
