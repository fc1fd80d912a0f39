import { describe, expect, it, vi } from 'vitest';
import {
  MOBILE_SESSION_STORAGE_KEY,
  applyStoredMobileSession,
  createSessionStore,
  initialSessionState,
} from '../../../renderer/client/session-store';
import { createMemoryStorage, timerSchedule } from '../../../renderer/client/types';

describe('session store', () => {
  it('sets flags, notifies and resets', () => {
    const store = createSessionStore();
    const seen = vi.fn();
    const unsubscribe = store.subscribe(seen);
    store.setExchangeIds(['e1']);
    store.addExchangeId('e2');
    store.addExchangeId('e2');
    store.setShowTermsModal(true);
    store.setSearchTerm('socks');
    store.setBirthDateRange('2000-01-01', '2010-12-31');
    store.setTotalWishes(3.7);
    expect(store.getState()).toMatchObject({
      exchangeIds: ['e1', 'e2'],
      showTermsModal: true,
      searchTerm: 'socks',
      minBirthDate: '2000-01-01',
      maxBirthDate: '2010-12-31',
      totalWishes: 3,
    });
    expect(seen).toHaveBeenCalledTimes(7);
    store.reset();
    expect(store.getState()).toEqual(initialSessionState());
    unsubscribe();
    store.setShowPriceDrop(true);
    expect(seen).toHaveBeenCalledTimes(8);
  });

  it('applies a stored mobile session after 200 ms', () => {
    vi.useFakeTimers();
    try {
      const storage = createMemoryStorage({
        [MOBILE_SESSION_STORAGE_KEY]: JSON.stringify({ showReferAFriend: true, themeIds: ['t1'], unknown: 1 }),
      });
      const store = createSessionStore();
      applyStoredMobileSession(storage, store, timerSchedule);
      vi.advanceTimersByTime(199);
      expect(store.getState().showReferAFriend).toBe(false);
      vi.advanceTimersByTime(1);
      expect(store.getState().showReferAFriend).toBe(true);
      expect(store.getState().themeIds).toEqual(['t1']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores an invalid stored session and can be cancelled', () => {
    vi.useFakeTimers();
    try {
      const store = createSessionStore();
      applyStoredMobileSession(
        createMemoryStorage({ [MOBILE_SESSION_STORAGE_KEY]: '{"totalWishes":"x"}' }),
        store,
        timerSchedule,
      );
      const cancel = applyStoredMobileSession(
        createMemoryStorage({ [MOBILE_SESSION_STORAGE_KEY]: '{"showPriceDrop":true}' }),
        store,
        timerSchedule,
      );
      cancel();
      vi.advanceTimersByTime(500);
      expect(store.getState()).toEqual(initialSessionState());
    } finally {
      vi.useRealTimers();
    }
  });
});
