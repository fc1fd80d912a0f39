import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../renderer/client/types';
import {
  NOT_FOUND_RELOAD_KEY,
  NOT_FOUND_RELOAD_WINDOW_MS,
  readNotFoundMarker,
  shouldReloadNotFound,
  takeNotFoundReload,
} from '../../../renderer/app/runtime/not-found-reload';
import { notFoundLoader } from '../../../renderer/routes/router';

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

  it('the catch-all loader redirects to a document load once, then reports', async () => {
    const storage = createMemoryStorage();
    const warnings: string[] = [];
    const events: string[] = [];
    const loader = notFoundLoader({
      sessionStorage: storage,
      now: () => 5,
      logger: { warn: (_c, message) => (warnings.push(message), null), logError: () => null },
      navigation: { dispatch: (event) => events.push(event.type) },
    });
    const args = { request: new Request('http://app.test/no-such-page/?a=1'), params: {}, context: {} } as Parameters<
      typeof loader
    >[0];
    let thrown: unknown;
    try {
      loader(args);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/no-such-page/?a=1');
    expect(response.headers.get('X-Remix-Reload-Document')).toBe('true');
    expect(events).toEqual(['leave']);
    expect(warnings).toEqual([]);

    expect(loader(args)).toBeNull();
    expect(warnings).toEqual(['Route not found: /no-such-page/?a=1']);
  });
});
