import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../renderer/client/errors';
import {
  applyNavigationOutcome,
  loadNavigationData,
  navigationOutcome,
  type TNavigationContext,
} from '../../../renderer/app/runtime/navigation-data';

const ORIGIN = 'https://gifts.test';
const inApp: TNavigationContext = { target: `${ORIGIN}/welcome/?a=1`, origin: ORIGIN, isInitialLoad: false };
const firstLoad: TNavigationContext = { ...inApp, isInitialLoad: true };

function thrownBy(run: () => unknown): Response {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('navigationOutcome', () => {
  it('answers the data for 2xx and 304', () => {
    expect(navigationOutcome({ status: 200, data: { a: 1 } }, inApp)).toEqual({ kind: 'data', data: { a: 1 } });
    expect(navigationOutcome({ status: 304 }, inApp)).toEqual({ kind: 'data', data: undefined });
  });

  it('follows 301 and 302 in-app, and to another origin by a full page load', () => {
    expect(navigationOutcome({ status: 302, location: '/home/?x=1' }, inApp)).toEqual({
      kind: 'redirect',
      to: '/home/?x=1',
      document: false,
    });
    expect(navigationOutcome({ status: 301, location: `${ORIGIN}/shop/` }, inApp)).toEqual({
      kind: 'redirect',
      to: '/shop/',
      document: false,
    });
    expect(navigationOutcome({ status: 302, location: 'https://elsewhere.test/x' }, inApp)).toEqual({
      kind: 'redirect',
      to: 'https://elsewhere.test/x',
      document: true,
    });
    expect(navigationOutcome({ status: 302, location: 'elfgifts://open/wish' }, inApp)).toMatchObject({
      kind: 'redirect',
      document: true,
    });
  });

  it('reloads the target on a status of 400 or more, except on the first load', () => {
    expect(navigationOutcome({ status: 400 }, inApp)).toEqual({ kind: 'reload', to: '/welcome/?a=1', status: 400 });
    expect(navigationOutcome({ status: 500 }, inApp)).toEqual({ kind: 'reload', to: '/welcome/?a=1', status: 500 });
    expect(navigationOutcome({ status: 404 }, firstLoad)).toEqual({ kind: 'error', status: 404 });
    expect(navigationOutcome({ status: 399 }, inApp).kind).toBe('data');
  });
});

describe('applyNavigationOutcome', () => {
  it('throws router redirects, document reloads with a warning, and error responses', () => {
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => (warnings.push(args), null) };

    const redirect = thrownBy(() =>
      applyNavigationOutcome({ kind: 'redirect', to: '/home/', document: false }, logger),
    );
    expect(redirect.headers.get('location')).toBe('/home/');
    expect(redirect.headers.get('X-Remix-Reload-Document')).toBeNull();

    const external = thrownBy(() =>
      applyNavigationOutcome({ kind: 'redirect', to: 'https://x.test/', document: true }, logger),
    );
    expect(external.headers.get('X-Remix-Reload-Document')).toBe('true');
    expect(warnings).toHaveLength(0);

    const reload = thrownBy(() => applyNavigationOutcome({ kind: 'reload', to: '/welcome/', status: 502 }, logger));
    expect(reload.headers.get('location')).toBe('/welcome/');
    expect(reload.headers.get('X-Remix-Reload-Document')).toBe('true');
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('502');

    let error: unknown;
    try {
      applyNavigationOutcome({ kind: 'error', status: 404 }, logger);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ init: { status: 404 } });

    expect(applyNavigationOutcome({ kind: 'data', data: 7 }, logger)).toBe(7);
  });
});

describe('loadNavigationData', () => {
  it('maps a failed request to its status', async () => {
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => (warnings.push(args), null) };
    const failing = () => Promise.reject(new ApiError({ url: '/v1/content/screens/x', status: 503 }));
    await expect(loadNavigationData(failing, inApp, logger)).rejects.toBeInstanceOf(Response);
    expect(warnings).toHaveLength(1);
    await expect(loadNavigationData(failing, firstLoad, logger)).rejects.toMatchObject({ init: { status: 503 } });
    await expect(loadNavigationData(() => Promise.resolve({ status: 200, data: 'ok' }), inApp, logger)).resolves.toBe(
      'ok',
    );
  });
});
