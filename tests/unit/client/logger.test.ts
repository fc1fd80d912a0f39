import { describe, expect, it, vi } from 'vitest';
import { ApiAuthTokenError, ApiError, ApiNetworkError, IdentityLoggedOut } from '../../../renderer/client/errors';
import {
  createLogger,
  handleForbidden,
  installGlobalHandlers,
  nextFlushInterval,
  shouldLogEntry,
  shouldReport,
  type TLogEntry,
} from '../../../renderer/client/logger';
import { timerSchedule } from '../../../renderer/client/types';

describe('nextFlushInterval', () => {
  it('moves tenfold within [1,000, 1,000,000]', () => {
    expect(nextFlushInterval(1_000, false)).toBe(10_000);
    expect(nextFlushInterval(10_000, false)).toBe(100_000);
    expect(nextFlushInterval(100_000, false)).toBe(1_000_000);
    expect(nextFlushInterval(1_000_000, false)).toBe(1_000_000);
    expect(nextFlushInterval(1_000_000, true)).toBe(100_000);
    expect(nextFlushInterval(10_000, true)).toBe(1_000);
    expect(nextFlushInterval(1_000, true)).toBe(1_000);
  });

  it('never leaves the bounds, whatever the start', () => {
    let interval = 1_000;
    const seq = [false, false, false, false, false, false, true, true, true, true, true, true, false];
    for (const ok of seq) {
      interval = nextFlushInterval(interval, ok);
      expect(interval).toBeGreaterThanOrEqual(1_000);
      expect(interval).toBeLessThanOrEqual(1_000_000);
    }
    expect(nextFlushInterval(5, true)).toBe(1_000);
    expect(nextFlushInterval(5e9, false)).toBe(1_000_000);
    expect(nextFlushInterval(Number.NaN, false)).toBe(10_000);
  });
});

describe('shouldReport', () => {
  it('never reports 401, 301, 302 and network errors', () => {
    expect(shouldReport(new ApiAuthTokenError({ url: '/x' }))).toBe(false);
    expect(shouldReport({ status: 301 })).toBe(false);
    expect(shouldReport({ response: { status: 302 } })).toBe(false);
    expect(shouldReport(new ApiNetworkError({ url: '/x' }))).toBe(false);
    expect(shouldReport(new TypeError('Failed to fetch'))).toBe(false);
    expect(shouldReport(new Error('Network Error'))).toBe(false);
  });

  it('never reports known third-party noise', () => {
    expect(shouldReport(new Error('ResizeObserver loop completed with undelivered notifications.'))).toBe(false);
    expect(shouldReport(new Error('ResizeObserver loop limit exceeded'))).toBe(false);
    expect(shouldReport({ message: 'Script error.' })).toBe(false);
    const fromExtension = new Error('x is undefined');
    fromExtension.stack = 'Error: x\n    at chrome-extension://abcdef/content.js:1:2';
    expect(shouldReport(fromExtension)).toBe(false);
    expect(shouldReport({ message: 'oops', filename: 'moz-extension://1234/inject.js' })).toBe(false);
  });

  it('reports real errors', () => {
    expect(shouldReport(new ApiError({ url: '/x', status: 500 }))).toBe(true);
    expect(shouldReport(new ApiError({ url: '/x', status: 403 }))).toBe(true);
    expect(shouldReport(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(true);
    expect(shouldReport('a string reason')).toBe(true);
    expect(shouldReport(null)).toBe(false);
  });
});

describe('shouldLogEntry', () => {
  it('skips debug, 401 entries and client errors with status 0', () => {
    expect(shouldLogEntry({ level: 'debug', message: 'x' })).toBe(false);
    expect(shouldLogEntry({ level: 'error', message: 'Request failed with status code 401' })).toBe(false);
    expect(shouldLogEntry({ level: 'error', message: 'x', info: { status: 401 } })).toBe(false);
    expect(shouldLogEntry({ level: 'error', message: 'x', info: { status: 0 } })).toBe(false);
    expect(shouldLogEntry({ level: 'error', message: 'x', info: { status: 500 } })).toBe(true);
    expect(shouldLogEntry({ level: 'info', message: 'x' })).toBe(true);
  });
});

function setup(send: (entries: TLogEntry[]) => Promise<unknown>) {
  return createLogger({
    send,
    clientKind: 'web',
    appVersion: '1.0.0',
    now: () => Date.UTC(2024, 11, 24, 12),
    schedule: timerSchedule,
  });
}

describe('createLogger', () => {
  it('batches error and warn entries and flushes them after 1,000 ms', async () => {
    vi.useFakeTimers();
    try {
      const send = vi.fn(async (_entries: TLogEntry[]) => undefined);
      const logger = setup(send);
      logger.info('ui', 'hello');
      logger.debug('ui', 'noise');
      logger.warn('api', 'slow', { ms: 900 });
      logger.error('api', 'broken');
      expect(logger.pending()).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(999);
      expect(send).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(send).toHaveBeenCalledTimes(1);
      expect(send.mock.calls[0]?.[0]).toEqual([
        {
          level: 'warn',
          category: 'api',
          message: 'slow',
          clientKind: 'web',
          timestamp: '2024-12-24T12:00:00.000Z',
          appVersion: '1.0.0',
          info: { ms: 900 },
        },
        {
          level: 'error',
          category: 'api',
          message: 'broken',
          clientKind: 'web',
          timestamp: '2024-12-24T12:00:00.000Z',
          appVersion: '1.0.0',
        },
      ]);
      expect(logger.pending()).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('backs off tenfold on failure, keeps the entries, and speeds up again on success', async () => {
    vi.useFakeTimers();
    try {
      let fail = true;
      const send = vi.fn(async () => {
        if (fail) throw new Error('offline');
      });
      const logger = setup(send);
      logger.error('x', 'one');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(send).toHaveBeenCalledTimes(1);
      expect(logger.flushInterval()).toBe(10_000);
      expect(logger.pending()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(9_999);
      expect(send).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(send).toHaveBeenCalledTimes(2);
      expect(logger.flushInterval()).toBe(100_000);
      fail = false;
      await vi.advanceTimersByTimeAsync(100_000);
      expect(send).toHaveBeenCalledTimes(3);
      expect(logger.flushInterval()).toBe(10_000);
      expect(logger.pending()).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logError skips what is never reported and uses the error level', () => {
    const logger = setup(async () => undefined);
    expect(logger.logError('api', new ApiAuthTokenError({ url: '/x' }))).toBeNull();
    expect(logger.logError('api', new ApiNetworkError({ url: '/x' }))).toBeNull();
    const entry = logger.logError('auth', new IdentityLoggedOut());
    expect(entry?.level).toBe('warn');
    expect(entry?.message).toBe('A user logged out');
    const apiEntry = logger.logError('api', new ApiError({ url: '/v1/x', status: 500 }));
    expect(apiEntry?.info?.status).toBe(500);
    logger.dispose();
  });
});

describe('installGlobalHandlers', () => {
  it('logs uncaught errors and unhandled rejections with page context, and uninstalls', () => {
    const target = new EventTarget();
    const logError = vi.fn(() => null);
    const uninstall = installGlobalHandlers(target, {
      logger: { logError },
      pageUrl: () => 'https://app.example/home/',
      referrer: () => 'https://google.example/',
      locale: () => 'en-US',
      userAgent: () => 'UA/1.0',
    });
    const boom = new Error('boom');
    target.dispatchEvent(Object.assign(new Event('error'), { error: boom, filename: 'app.js', lineno: 3 }));
    const reason = new Error('rejected');
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
    expect(logError).toHaveBeenCalledTimes(2);
    expect(logError).toHaveBeenNthCalledWith(1, 'global', boom, {
      pageUrl: 'https://app.example/home/',
      referrer: 'https://google.example/',
      locale: 'en-US',
      userAgent: 'UA/1.0',
      kind: 'uncaught',
      filename: 'app.js',
      lineno: 3,
    });
    expect(logError).toHaveBeenNthCalledWith(
      2,
      'global',
      reason,
      expect.objectContaining({ kind: 'unhandledrejection', locale: 'en-US' }),
    );
    uninstall();
    target.dispatchEvent(new Event('error'));
    expect(logError).toHaveBeenCalledTimes(2);
  });

  it('feeds cross-origin "Script error." events through the noise filter', () => {
    const target = new EventTarget();
    const sent: TLogEntry[] = [];
    const logger = setup(async (entries) => sent.push(...entries));
    installGlobalHandlers(target, {
      logger,
      pageUrl: () => '/',
      referrer: () => '',
      locale: () => 'en-US',
      userAgent: () => 'UA',
    });
    target.dispatchEvent(Object.assign(new Event('error'), { message: 'Script error.' }));
    expect(logger.pending()).toHaveLength(0);
    target.dispatchEvent(Object.assign(new Event('error'), { message: 'Real failure' }));
    expect(logger.pending()).toHaveLength(1);
    logger.dispose();
  });
});

describe('handleForbidden', () => {
  it('is silent for the mailing-address call', () => {
    const alert = vi.fn();
    const warn = vi.fn(() => null);
    const error = new ApiError({ url: '/v1/users/u1/mailing-address', status: 403 });
    expect(handleForbidden(error, { url: '/v1/users/u1/mailing-address', alert, logger: { warn } })).toBe('no-address');
    expect(handleForbidden(error, { url: '/v1/users/u1/mailing-address/?x=1', alert, logger: { warn } })).toBe(
      'no-address',
    );
    expect(alert).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs at warn and shows the forbidden alert for any other 403', () => {
    const alert = vi.fn();
    const warn = vi.fn(() => null);
    const error = new ApiError({ url: '/v1/exchanges/e1/users', status: 403 });
    expect(handleForbidden(error, { url: '/v1/exchanges/e1/users', alert, logger: { warn } })).toBe('forbidden');
    expect(alert).toHaveBeenCalledWith('Forbidden, please contact support');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('ignores errors that are not 403', () => {
    const alert = vi.fn();
    expect(handleForbidden(new ApiError({ url: '/x', status: 404 }), { url: '/x', alert })).toBe('not-forbidden');
    expect(alert).not.toHaveBeenCalled();
  });
});
