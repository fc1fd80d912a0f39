import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../renderer/client/types';
import {
  NOT_FOUND_RELOAD_KEY,
  NOT_FOUND_RELOAD_WINDOW_MS,
  readNotFoundMarker,
  shouldReloadNotFound,
  takeNotFoundReload,
} from '../../../renderer/app/runtime/not-found-reload';
import { notFoundDecider } from '../../../renderer/routes/router';

describe('not-found reload once', () => {
  it('reloads the first time, then shows not-found (no loop)', () => {
    const storage = createMemoryStorage();
    expect(takeNotFoundReload(storage, '/nope/', 1000)).toBe(true);
    expect(readNotFoundMarker(storage)).toEqual({ path: '/nope/', at: 1000 });
    expect(takeNotFoundReload(storage, '/nope/', 1500)).toBe(false);
    expect(takeNotFoundReload(storage, '/nope/', 2000)).toBe(false);
  });

  it('reloads again for another path, or once the marker is old', () => {
    const storage = createMemoryStorage();
    takeNotFoundReload(storage, '/nope/', 0);
    expect(takeNotFoundReload(storage, '/other/', 10)).toBe(true);
    expect(shouldReloadNotFound('/nope/', { path: '/nope/', at: 0 }, NOT_FOUND_RELOAD_WINDOW_MS + 1)).toBe(true);
    expect(shouldReloadNotFound('/nope/', { path: '/nope/', at: 0 }, NOT_FOUND_RELOAD_WINDOW_MS - 1)).toBe(false);
  });

  it('never reloads when the marker cannot be stored', () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
    };
    expect(takeNotFoundReload(broken, '/nope/', 0)).toBe(false);
  });

  it('ignores an unreadable marker', () => {
    expect(readNotFoundMarker(createMemoryStorage({ [NOT_FOUND_RELOAD_KEY]: '{bad' }))).toBeNull();
  });

  it('the catch-all reloads as a document load once, then reports', () => {
    const storage = createMemoryStorage();
    const warnings: string[] = [];
    const events: string[] = [];
    const decide = notFoundDecider({
      sessionStorage: storage,
      now: () => 5,
      logger: { warn: (_c, message) => (warnings.push(message), null), logError: () => null },
      navigation: { dispatch: (event) => events.push(event.type) },
    });
    const location = { pathname: '/no-such-page/', search: '?a=1', hash: '#top' };
    // The whole address (hash included) is reloaded; the marker remembers pathname and query.
    expect(decide(location)).toEqual({ kind: 'reload', to: '/no-such-page/?a=1#top' });
    expect(events).toEqual(['leave']);
    expect(warnings).toEqual([]);

    expect(decide(location)).toEqual({ kind: 'show' });
    expect(warnings).toEqual(['Route not found: /no-such-page/?a=1']);
    expect(events).toEqual(['leave']);
  });
});
