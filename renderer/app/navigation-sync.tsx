/**
 * Feeds the app router's navigation (navigation-state.ts) into the navigation store (runtime/navigation-store.ts): a
 * navigation starting (entering a new path, or updating the same one), finishing (updated) or being
 * cancelled. Also keeps the analytics URL section on `<html data-url-section>` (spec §2).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { urlSection } from '../client/url';
import { useNavigationState } from './navigation-state';
import { useAppRuntime } from './runtime-context';

export function NavigationSync() {
  const { navigation: store } = useAppRuntime();
  const navigation = useNavigationState();
  const location = useLocation();
  const lastKey = useRef<string | null>(null);

  const target = navigation.location ? `${navigation.location.pathname}${navigation.location.search}` : null;
  const samePath = navigation.location?.pathname === location.pathname;

  useEffect(() => {
    if (navigation.state !== 'idle' && target !== null) {
      if (store.getState().target !== target || !store.getState().routing) {
        store.dispatch({ type: 'start', target, samePath });
      }
    } else if (navigation.state === 'idle' && store.getState().routing && lastKey.current === location.key) {
      // Idle again on the same entry: interrupted, or redirected to a full page load.
      store.dispatch({ type: 'cancel' });
    }
  }, [navigation.state, target, samePath, store, location.key]);

  useLayoutEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    const path = `${location.pathname}${location.search}`;
    store.dispatch({ type: 'end', location: path });
    document.documentElement.dataset.urlSection = urlSection(location.pathname);
  }, [location.key, location.pathname, location.search, store]);

  return null;
}
