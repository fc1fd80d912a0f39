/**
 * The data the router loaded before showing a screen (content screens: GET /v1/content/screens/<name>,
 * see renderer/routes/router.tsx); undefined for screens without any.
 */
import { createContext, useContext } from 'react';

export const RouteDataContext = createContext<unknown>(undefined);

export function useRouteData(): unknown {
  return useContext(RouteDataContext);
}
