/**
 * Whether a navigation is under way, and where to: the app router (renderer/routes/app-router.tsx)
 * sets it from the moment the address changes until the new screen is shown (its code and data
 * loaded), or for good while the page is left for a full page load. The progress bar and the
 * navigation store read it.
 */
import { createContext, useContext } from 'react';
import type { Location } from 'react-router-dom';

export interface TNavigationState {
  state: 'idle' | 'loading';
  /** The location being navigated to while loading. */
  location: Location | null;
}

export const IDLE_NAVIGATION: TNavigationState = { state: 'idle', location: null };

export const NavigationStateContext = createContext<TNavigationState>(IDLE_NAVIGATION);

export function useNavigationState(): TNavigationState {
  return useContext(NavigationStateContext);
}
