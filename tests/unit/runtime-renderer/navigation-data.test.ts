import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../renderer/client/errors';
import {
  loadNavigationData,
  navigationOutcome,
  type TNavigationContext,
  warnReload,
} from '../../../renderer/app/runtime/navigation-data';

const ORIGIN = 'https://gifts.test';
const inApp: TNavigationContext = { target: `${ORIGIN}/welcome/?a=1`, origin: ORIGIN, isInitialLoad: false };
const firstLoad: TNavigationContext = { ...inApp, isInitialLoad: true };

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

describe('warnReload', () => {
  it('logs a reload as a warning naming the status and the target', () => {
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => (warnings.push(args), null) };
    warnReload({ kind: 'reload', to: '/welcome/', status: 502 }, logger);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('502');
    expect(JSON.stringify(warnings[0])).toContain('/welcome/');
  });
});

describe('loadNavigationData', () => {
  it('maps a failed request to its status: a reload with a warning, or the error on the first load', async () => {
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => (warnings.push(args), null) };
    const failing = () => Promise.reject(new ApiError({ url: '/v1/content/screens/x', status: 503 }));
    await expect(loadNavigationData(failing, inApp, logger)).resolves.toEqual({
      kind: 'reload',
      to: '/welcome/?a=1',
      status: 503,
    });
    expect(warnings).toHaveLength(1);
    await expect(loadNavigationData(failing, firstLoad, logger)).resolves.toEqual({ kind: 'error', status: 503 });
    expect(warnings).toHaveLength(1);
    await expect(
      loadNavigationData(() => Promise.resolve({ status: 200, data: 'ok' }), inApp, logger),
    ).resolves.toEqual({ kind: 'data', data: 'ok' });
  });

  it('answers redirects for the router to follow, without a warning', async () => {
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => (warnings.push(args), null) };
    const moved = () => Promise.resolve({ status: 302, location: 'https://elsewhere.test/x' });
    await expect(loadNavigationData(moved, inApp, logger)).resolves.toEqual({
      kind: 'redirect',
      to: 'https://elsewhere.test/x',
      document: true,
    });
    expect(warnings).toHaveLength(0);
  });

  it('flushes the log before a reload', async () => {
    let flushed = 0;
    const logger = { warn: () => null, flush: () => ((flushed += 1), Promise.resolve(true)) };
    await loadNavigationData(() => Promise.resolve({ status: 500 }), inApp, logger);
    expect(flushed).toBe(1);
  });
});
