import { describe, expect, it, vi } from 'vitest';
import { CURRENCIES, GENDERS } from '../../../server/contracts/enums';
import type { TLogEntry } from '../../../renderer/client/logger';
import { ApiError } from '../../../renderer/client/errors';
import { classifyLink, followLink, isLeftToBrowser } from '../../../renderer/app/runtime/deep-links';
import { createLogTransport, splitLogBatches, trimEntry } from '../../../renderer/app/runtime/log-transport';
import { createNotificationStore } from '../../../renderer/app/runtime/notifications';
import { enumFallback, parseEnumOptions } from '../../../renderer/app/hooks/use-enum';
import { optimisticSteps } from '../../../renderer/app/hooks/use-optimistic-mutation';
import { parseWhereAmI } from '../../../renderer/app/hooks/use-where-am-i';

const ORIGIN = 'https://gifts.test';

describe('deep links', () => {
  it('recognises app-scheme links and leaves them to the browser', () => {
    const target = classifyLink('elfgifts://wish/123', ORIGIN);
    expect(target).toEqual({ kind: 'app-scheme', href: 'elfgifts://wish/123' });
    expect(isLeftToBrowser(target)).toBe(true);
    expect(classifyLink('  ELFGIFTS://x', ORIGIN).kind).toBe('app-scheme');
  });

  it('tells in-app, server-owned and external addresses apart', () => {
    expect(classifyLink('/home/?a=1#b', ORIGIN)).toEqual({ kind: 'in-app', to: '/home/?a=1#b' });
    expect(classifyLink(`${ORIGIN}/shop/`, ORIGIN)).toEqual({ kind: 'in-app', to: '/shop/' });
    expect(classifyLink('/auth/v2/login/?idp=x', ORIGIN)).toEqual({ kind: 'full-page', href: '/auth/v2/login/?idp=x' });
    expect(classifyLink('/old-admin/users/', ORIGIN).kind).toBe('full-page');
    expect(classifyLink('https://shop.example/item', ORIGIN)).toEqual({
      kind: 'external',
      href: 'https://shop.example/item',
    });
    expect(classifyLink('javascript:alert(1)', ORIGIN)).toEqual({ kind: 'invalid' });
    expect(classifyLink('', ORIGIN)).toEqual({ kind: 'invalid' });
  });

  it('unwraps the link redirector first', () => {
    const wrapped = `/v1/links/click?url=${encodeURIComponent('elfgifts://open')}`;
    expect(classifyLink(wrapped, ORIGIN).kind).toBe('app-scheme');
  });

  it('follows each kind the right way; the router never sees an app-scheme link', () => {
    const navigate = vi.fn();
    const assign = vi.fn();
    followLink(classifyLink('elfgifts://wish/1', ORIGIN), { navigate, assign });
    followLink(classifyLink('/home/', ORIGIN), { navigate, assign });
    followLink(classifyLink('/auth/v2/logout/', ORIGIN), { navigate, assign });
    followLink({ kind: 'invalid' }, { navigate, assign });
    expect(navigate.mock.calls).toEqual([['/home/']]);
    expect(assign.mock.calls).toEqual([['elfgifts://wish/1'], ['/auth/v2/logout/']]);
  });
});

function entry(message: string, info?: Record<string, unknown>): TLogEntry {
  return {
    level: 'error',
    category: 'test',
    message,
    clientKind: 'web',
    timestamp: '2026-01-01T00:00:00.000Z',
    appVersion: '2.0.0',
    ...(info ? { info } : {}),
  };
}

describe('log transport', () => {
  it('splits batches under the size limit and trims huge entries', () => {
    const big = entry('big', { stack: 'x'.repeat(40_000), other: 1 });
    expect(trimEntry(big).info).toEqual({ other: 1, trimmed: true });
    const many = Array.from({ length: 50 }, (_, index) => entry(`m${index}`, { pad: 'y'.repeat(2000) }));
    const batches = splitLogBatches(many, 20_000);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toHaveLength(50);
    for (const batch of batches) expect(JSON.stringify(batch).length).toBeLessThanOrEqual(20_000);
  });

  it('posts to /v1/logs, drops a 413 and rethrows a 429', async () => {
    const calls: unknown[] = [];
    const ok = createLogTransport({ request: async (options) => void calls.push(options) as never });
    await ok([entry('a')]);
    expect(calls).toEqual([{ method: 'POST', url: '/v1/logs', body: [entry('a')] }]);
    const tooLarge = createLogTransport({
      request: () => Promise.reject(new ApiError({ url: '/v1/logs', status: 413 })),
    });
    await expect(tooLarge([entry('a')])).resolves.toBeUndefined();
    const flooded = createLogTransport({
      request: () => Promise.reject(new ApiError({ url: '/v1/logs', status: 429 })),
    });
    await expect(flooded([entry('a')])).rejects.toBeInstanceOf(ApiError);
  });
});

describe('notifications', () => {
  it('shows a message once and closes it some time after it is on screen, not before', () => {
    const timers: Array<() => void> = [];
    const store = createNotificationStore((fn) => timers.push(fn));
    const id = store.show({ message: 'Forbidden, please contact support' });
    expect(store.show({ message: 'Forbidden, please contact support' })).toBe(id);
    expect(store.getState()).toHaveLength(1);
    // Not yet on screen (the toasts' code still loading): nothing is counting down.
    expect(timers).toHaveLength(0);
    store.shown(id);
    store.shown(id);
    expect(timers).toHaveLength(1);
    timers[0]?.();
    expect(store.getState()).toHaveLength(0);
  });
});

describe('enums, where-am-i and local edits', () => {
  it('falls back to the built-in enumerations', () => {
    expect(enumFallback('genders')).toEqual(GENDERS.map((g) => ({ value: g.value, label: g.label })));
    expect(enumFallback('currencies').map((c) => c.value)).toEqual([...CURRENCIES]);
    expect(enumFallback('channels')).toEqual([]);
    expect(parseEnumOptions([{ value: 'a', label: 'A' }, 'b', { nope: 1 }])).toEqual([
      { value: 'a', label: 'A' },
      { value: 'b', label: 'b' },
    ]);
    expect(parseEnumOptions({ value: 'a' })).toBeNull();
  });

  it('reads the country code, or null', () => {
    expect(parseWhereAmI({ countryCode: 'ca' })).toBe('CA');
    expect(parseWhereAmI({ countryCode: null })).toBeNull();
    expect(parseWhereAmI('US')).toBeNull();
  });

  it('writes the optimistic value and reverts to the snapshot', () => {
    const steps = optimisticSteps<boolean, void>(() => true);
    const { next, snapshot } = steps.mutate(false, true, undefined);
    expect(next).toBe(true);
    expect(steps.revert(snapshot)).toEqual({ restore: true, value: false });
    expect(steps.revert(undefined)).toEqual({ restore: false });
  });
});
