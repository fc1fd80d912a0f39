/**
 * The route being shown: its table name, flags and guard. The app router (renderer/routes/app-router.tsx)
 * provides it for the route it renders; the shell honours the flags, and screens shared by several
 * routes ask which one they run under.
 */
import { createContext, useContext } from 'react';
import type { TRouteFlags, TRouteGuard } from '../routes/route-table';

export interface TRouteHandle {
  routeName: string;
  flags: TRouteFlags;
  guard: TRouteGuard | null;
}

const EMPTY_HANDLE: TRouteHandle = { routeName: '', flags: {}, guard: null };

export const CurrentRouteContext = createContext<TRouteHandle>(EMPTY_HANDLE);

/** The handle of the route being shown (the screen's route). */
export function useCurrentRouteHandle(): TRouteHandle {
  return useContext(CurrentRouteContext);
}
