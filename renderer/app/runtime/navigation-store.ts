/**
 * The navigation state of spec §4 ("route redirect states"): entering, updating, updated, left; a
 * routing flag that is on while a navigation runs; a load-error flag set when a route chunk fails
 * to load. Framework-free: the shell feeds it router events (navigation-sync.tsx) and mirrors it on
 * `<html>` data attributes (`data-routing`, `data-load-error`, `data-route-state`) for tests and CSS.
 */
import { createObservable, type TObservable } from '../../client/observable';

export type TRouteState = 'entering' | 'updating' | 'updated' | 'left';

export interface TNavigationState {
  /** null before the first navigation has finished. */
  routeState: TRouteState | null;
  routing: boolean;
  loadError: boolean;
  /** Path (with query) being shown, and the one being navigated to while routing. */
  current: string | null;
  target: string | null;
}

export type TNavigationEvent =
  /** A navigation starts; `samePath` when only the query or hash changes. */
  | { type: 'start'; target: string; samePath: boolean }
  /** The navigation committed (the new location is shown). */
  | { type: 'end'; location: string }
  /** A route chunk failed to load. */
  | { type: 'loadError' }
  /** The app is being left (full page load, external address). */
  | { type: 'leave'; target?: string }
  /** A navigation was cancelled (interrupted, or answered with an error screen). */
  | { type: 'cancel' };

export function initialNavigationState(): TNavigationState {
  return { routeState: null, routing: false, loadError: false, current: null, target: null };
}

/** The pure transition function. */
export function navigationReducer(state: TNavigationState, event: TNavigationEvent): TNavigationState {
  switch (event.type) {
    case 'start':
      return {
        ...state,
        routeState: event.samePath ? 'updating' : 'entering',
        routing: true,
        loadError: false,
        target: event.target,
      };
    case 'end':
      return { ...state, routeState: 'updated', routing: false, current: event.location, target: null };
    case 'loadError':
      return { ...state, loadError: true, routing: false, target: null };
    case 'leave':
      return { ...state, routeState: 'left', routing: false, target: event.target ?? null };
    case 'cancel':
      return state.routing
        ? { ...state, routing: false, target: null, routeState: state.current ? 'updated' : null }
        : state;
    default:
      return state;
  }
}

export interface TNavigationStore extends TObservable<TNavigationState> {
  dispatch(event: TNavigationEvent): void;
}

export function createNavigationStore(initial: TNavigationState = initialNavigationState()): TNavigationStore {
  const store = createObservable(initial);
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    dispatch(event) {
      const next = navigationReducer(store.getState(), event);
      if (next !== store.getState()) store.setState(next);
    },
  };
}

/** The `<html>` data attributes that mirror the state (string values; absent flags are "false"). */
export function navigationDataset(state: TNavigationState): Record<'routing' | 'loadError' | 'routeState', string> {
  return {
    routing: String(state.routing),
    loadError: String(state.loadError),
    routeState: state.routeState ?? '',
  };
}

/** Keeps `element.dataset` in step with the store; answers the unsubscribe function. */
export function mirrorNavigationState(
  store: TObservable<TNavigationState>,
  element: { dataset: Record<string, string | undefined> },
): () => void {
  const write = (state: TNavigationState): void => {
    Object.assign(element.dataset, navigationDataset(state));
  };
  write(store.getState());
  return store.subscribe(write);
}
