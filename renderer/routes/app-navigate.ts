/**
 * `useAppNavigate()`: react-router's navigate (same arguments, relative paths resolved the same
 * way) returning a promise that settles once the navigation's view is on screen, or a later
 * navigation took over, or the page is left for a document load, as the data router's navigate
 * did. Callers await it, e.g. to leave a guarded screen before clearing the identity.
 */
import { createContext, use, useCallback } from 'react';
import { useNavigate, type NavigateOptions, type To } from 'react-router-dom';
import type { TAppRouter } from './router';

export const AppRouterContext = createContext<Pick<TAppRouter, 'track'> | null>(null);

export type TAppNavigate = {
  (to: To, options?: NavigateOptions): Promise<void>;
  (delta: number): Promise<void>;
};

export function useAppNavigate(): TAppNavigate {
  const navigate = useNavigate();
  const router = use(AppRouterContext);
  return useCallback(
    (to: To | number, options?: NavigateOptions): Promise<void> => {
      const start = () => (typeof to === 'number' ? navigate(to) : navigate(to, options));
      if (!router) {
        void start();
        return Promise.resolve();
      }
      return router.track(start);
    },
    [navigate, router],
  ) as TAppNavigate;
}
