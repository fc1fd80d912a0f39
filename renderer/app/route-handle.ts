/**
 * What each route object carries in react-router's `handle`: its table name, flags and guard. The
 * shell reads the deepest match's handle to honour the flags.
 */
import { useMatches } from 'react-router-dom';
import type { TRouteFlags, TRouteGuard } from '../routes/route-table';

export interface TRouteHandle {
  routeName: string;
  flags: TRouteFlags;
  guard: TRouteGuard | null;
}

export function isRouteHandle(value: unknown): value is TRouteHandle {
  return (
    typeof value === 'object' && value !== null && typeof (value as { routeName?: unknown }).routeName === 'string'
  );
}

const EMPTY_HANDLE: TRouteHandle = { routeName: '', flags: {}, guard: null };

/** The handle of the deepest matched route that has one (the screen being shown). */
export function useCurrentRouteHandle(): TRouteHandle {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return EMPTY_HANDLE;
}
