import { describe, expect, it } from 'vitest';
import {
  createNavigationStore,
  initialNavigationState,
  mirrorNavigationState,
  navigationDataset,
  navigationReducer,
} from '../../../renderer/app/runtime/navigation-store';

describe('navigation store', () => {
  it('enters a new path and is updated when it commits', () => {
    let state = initialNavigationState();
    expect(state.routeState).toBeNull();
    state = navigationReducer(state, { type: 'start', target: '/home/', samePath: false });
    expect(state).toMatchObject({ routeState: 'entering', routing: true, target: '/home/' });
    state = navigationReducer(state, { type: 'end', location: '/home/' });
    expect(state).toMatchObject({ routeState: 'updated', routing: false, current: '/home/', target: null });
  });

  it('updates the same path', () => {
    const state = navigationReducer(
      { ...initialNavigationState(), routeState: 'updated', current: '/' },
      { type: 'start', target: '/?market=CA', samePath: true },
    );
    expect(state).toMatchObject({ routeState: 'updating', routing: true });
  });

  it('sets the load-error flag on a failed chunk and clears it on the next navigation', () => {
    let state = navigationReducer(initialNavigationState(), { type: 'start', target: '/home/', samePath: false });
    state = navigationReducer(state, { type: 'loadError' });
    expect(state).toMatchObject({ loadError: true, routing: false });
    state = navigationReducer(state, { type: 'start', target: '/', samePath: false });
    expect(state.loadError).toBe(false);
  });

  it('is left on a full page load, and a cancelled navigation goes back to updated', () => {
    let state = navigationReducer(initialNavigationState(), { type: 'end', location: '/' });
    state = navigationReducer(state, { type: 'start', target: '/nope/', samePath: false });
    expect(navigationReducer(state, { type: 'leave', target: '/nope/' })).toMatchObject({
      routeState: 'left',
      routing: false,
    });
    expect(navigationReducer(state, { type: 'cancel' })).toMatchObject({ routeState: 'updated', routing: false });
    const idle = navigationReducer(initialNavigationState(), { type: 'cancel' });
    expect(idle).toEqual(initialNavigationState());
  });

  it('mirrors the state on data attributes', () => {
    const store = createNavigationStore();
    const element = { dataset: {} as Record<string, string | undefined> };
    const stop = mirrorNavigationState(store, element);
    expect(element.dataset).toEqual({ routing: 'false', loadError: 'false', routeState: '' });
    store.dispatch({ type: 'start', target: '/home/', samePath: false });
    expect(element.dataset).toEqual({ routing: 'true', loadError: 'false', routeState: 'entering' });
    store.dispatch({ type: 'loadError' });
    expect(element.dataset.loadError).toBe('true');
    stop();
    store.dispatch({ type: 'end', location: '/home/' });
    expect(element.dataset.routeState).toBe('entering');
    expect(navigationDataset(store.getState())).toEqual({ routing: 'false', loadError: 'true', routeState: 'updated' });
  });
});
