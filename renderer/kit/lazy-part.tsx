/**
 * A part of a screen whose code loads on demand, and can be loaded ahead (`preload()`, e.g. from the
 * screen's prefetch): once its code is here it renders at once, without suspending. A plain
 * React.lazy suspends on its first render even when its module arrived long before, and React then
 * holds the content back until 300 ms after the fallback showed (on /home/: the member's sections
 * painted 300 ms after the rest of the page, with their data already cached).
 */
import { lazy, useState, type ComponentType } from 'react';
import { loadOnce } from '../client/load-once';

export interface TLazyPart<P extends object> {
  /** Renders the part: directly when loaded, else lazily (inside a Suspense boundary). */
  Part: ComponentType<P>;
  /** Starts loading the code (once; again after a failure). */
  preload(): Promise<unknown>;
}

export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): TLazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  const preload = loadOnce(() =>
    load().then((module) => {
      loaded = module.default;
      return module;
    }),
  );
  const Lazy = lazy(preload);
  function Part(props: P) {
    // Decided once per mount: switching from the lazy wrapper to the loaded component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { Part, preload };
}
