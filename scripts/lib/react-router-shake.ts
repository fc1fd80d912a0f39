/**
 * Lets the build drop the parts of react-router this app never uses (issue 27).
 *
 * react-router 7's production build defines its components at the top level as
 * `var Link = React10.forwardRef(…)` followed by `Link.displayName = "Link";`, without the
 * `@__PURE__` annotations bundlers rely on. Rollup must then keep every such component, used or
 * not, with all it references: Link's framework-mode prefetching (PrefetchPageLinks and the route
 * manifest it reads), NavLink, Form and its submission code, view transitions. The app links with
 * its own Link (renderer/routes/link.tsx), so this code is dead weight on every page: about 4.7 KiB
 * gzip of the vendor chunk.
 *
 * The transform annotates the top-level `forwardRef`, `memo` and `createContext` calls as pure (they
 * only create objects) and drops the top-level `X.displayName = "…";` assignments (names for React's
 * developer tools), so Rollup can remove what nothing imports. Hand-written because the annotation
 * plugins annotate every top-level call, not only these React factories, and none drops the
 * displayName writes. The build fails when the file no longer has the shape this relies on, so a
 * react-router upgrade cannot silently bring the weight back.
 */
import type { Plugin } from 'vite';

const FILE = /\/node_modules\/react-router\/dist\/production\/chunk-[\w-]+\.mjs$/;
const FACTORY_CALL = /^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;
const DISPLAY_NAME = /^\w+\.displayName = "[^"\n]*";$/gm;

export interface TShakeResult {
  code: string;
  annotated: number;
  namesDropped: number;
}

export function annotateReactRouter(code: string): TShakeResult {
  let annotated = 0;
  let namesDropped = 0;
  const out = code
    .replace(FACTORY_CALL, (_match, declaration: string, call: string) => {
      annotated += 1;
      return `${declaration}/* @__PURE__ */ ${call}`;
    })
    .replace(DISPLAY_NAME, () => {
      namesDropped += 1;
      return '';
    });
  return { code: out, annotated, namesDropped };
}

/** The Vite plugin: applies annotateReactRouter to react-router's production chunk with Link in it. */
export function reactRouterShakePlugin(): Plugin {
  return {
    name: 'gifting-react-router-shake',
    apply: 'build',
    transform(code, id) {
      if (!FILE.test(id) || !code.includes('var Link = ')) return null;
      const result = annotateReactRouter(code);
      // Link, NavLink and Form at least, each with its displayName.
      if (result.annotated < 3 || result.namesDropped < 3)
        throw new Error(
          `react-router's ${id} no longer has the shape scripts/lib/react-router-shake.ts relies on ` +
            `(${result.annotated} factory calls, ${result.namesDropped} displayName writes): review the transform.`,
        );
      // Whole lines are removed or extended in place: the line numbers stay as they were.
      return { code: result.code, map: null };
    },
  };
}
