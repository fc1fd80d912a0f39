/**
 * The app's query data (react-query and the tRPC client, about 23 KiB gzip) loads on demand: a
 * visitor's landing page never needs it (its three queries are plain GETs, visitor-queries.ts).
 * data-module.tsx creates the one QueryClient and tRPC client when first loaded; every screen but
 * the visitor's landing, and the member-only parts of the shell, render inside its providers,
 * which all share that one client (one cache, as with a single provider at the root).
 */
import { createElement, lazy, useSyncExternalStore, type ComponentType } from 'react';
import { loadOnce } from '../client/load-once';
import type { TScreenPrefetch } from '../routes/screens';
import type { TData, TDataDeps, TPrefetchContext } from './data-module';

export type { TData, TDataDeps, TPrefetchContext } from './data-module';

let deps: TDataDeps | null = null;
let loaded: TData | null = null;

/** What the data module needs from the app (main.tsx calls it once, before anything renders). */
export function configureData(value: TDataDeps): void {
  deps = value;
}

// A failed load (offline) may be tried again.
const loadModule = loadOnce((config: TDataDeps) =>
  import('./data-module').then((module) => (loaded ??= module.createData(config))),
);

/** Loads the data module once and creates its clients; the same promise every time. */
export function loadData(): Promise<TData> {
  const config = deps;
  if (!config) return Promise.reject(new Error('configureData() was not called'));
  return loadModule(config);
}

/** The data module's clients when already loaded, else null. */
export function loadedData(): TData | null {
  return loaded;
}

/** The component rendered inside the data providers (props passed through). */
export function withDataProviders<P extends object>(Component: ComponentType<P>, data: TData): ComponentType<P> {
  const { Providers } = data;
  function WithData(props: P) {
    return createElement(Providers, null, createElement(Component, props));
  }
  WithData.displayName = Component.displayName ?? Component.name;
  return WithData;
}

/**
 * A screen's `prefetch` export run by the router, with the loaded data. The router knows it only as
 * taking some context (renderer/routes/screens.ts keeps screens free of this module); screens type
 * it with this module's `TPrefetchContext`.
 */
export function prefetchScreen(data: TData, start: TScreenPrefetch, location: Pick<Location, 'search'>): Promise<void> {
  return data.prefetch(start as (context: TPrefetchContext) => Promise<unknown> | void, location);
}

/**
 * A lazy module's component that uses queries: its code and the data module load together, and it
 * renders inside the providers. The loader is memoized (calling it again preloads nothing new).
 */
export function dataLoader<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): () => Promise<{ default: ComponentType<P> }> {
  return loadOnce(() =>
    Promise.all([load(), loadData()]).then(([module, data]) => ({
      default: withDataProviders(module.default, data),
    })),
  );
}

const noSubscription = (): (() => void) => () => undefined;

/**
 * `lazy()` for a component that uses queries (see dataLoader). It renders nothing on the server and
 * while the browser takes over a page the server rendered (a member's page: member-render.tsx,
 * where the app's data module is not loaded), then loads as usual: the server's markup and the
 * browser's first render of it agree. Rendered in the browser from scratch, it loads at once.
 */
export function lazyWithData<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazy(dataLoader(load)) as unknown as ComponentType<P>;
  function LazyWithData(props: P) {
    const inBrowser = useSyncExternalStore(
      noSubscription,
      () => true,
      () => false,
    );
    return inBrowser ? createElement(Lazy, props) : null;
  }
  return LazyWithData;
}
