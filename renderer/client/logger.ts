/**
 * The client logger (spec §7 POST /v1/logs, §8 "not reported or logged", §9 flush interval).
 * Error and warn entries are batched and sent with the injected `send(entries)` on a timer whose
 * interval starts at 1,000 ms and moves tenfold between 1,000 and 1,000,000 ms.
 */
import {
  HTTP_STATUS,
  LOG_FLUSH_INTERVAL_FACTOR,
  LOG_FLUSH_INTERVAL_MAX_MS,
  LOG_FLUSH_INTERVAL_MIN_MS,
} from '../../server/contracts/constants';
import { ERROR_MESSAGES } from '../../server/contracts/messages';
import { ApiAbortedError, ApiAuthTokenError, ApiNetworkError, errorChain, errorStatus, describeError } from './errors';
import { timerSchedule, type TNow, type TSchedule } from './types';

export type TLogLevel = 'debug' | 'info' | 'warn' | 'error';
export type TClientKind = 'web' | 'desktop';

export interface TLogEntry {
  level: TLogLevel;
  category: string;
  message: string;
  clientKind: TClientKind;
  /** ISO 8601. */
  timestamp: string;
  appVersion: string;
  info?: Record<string, unknown>;
}

/** The next flush interval: ×10 after a failure, ÷10 after a success, kept within [1,000, 1,000,000]. */
export function nextFlushInterval(current: number, succeeded: boolean): number {
  const base = Number.isFinite(current) ? current : LOG_FLUSH_INTERVAL_MIN_MS;
  const next = succeeded ? base / LOG_FLUSH_INTERVAL_FACTOR : base * LOG_FLUSH_INTERVAL_FACTOR;
  return Math.min(LOG_FLUSH_INTERVAL_MAX_MS, Math.max(LOG_FLUSH_INTERVAL_MIN_MS, next));
}

/** Known third-party noise that is never reported. */
export const IGNORED_ERROR_PATTERNS: readonly RegExp[] = [
  /ResizeObserver loop/i,
  /^Script error\.?$/i,
  /chrome-extension:\/\//i,
  /moz-extension:\/\//i,
  /safari-(web-)?extension:\/\//i,
  /ms-browser-extension:\/\//i,
  /Non-Error promise rejection captured/i,
  /top\.GLOBALS/,
  /fb_xd_fragment/,
  /__gCrWeb|__firefox__/,
];

const NETWORK_MESSAGES: readonly RegExp[] = [
  new RegExp(`^${ERROR_MESSAGES.networkError}$`, 'i'),
  /^Failed to fetch$/i,
  /^NetworkError when attempting to fetch resource\.?$/i,
  /^Load failed$/i,
  /^fetch failed$/i,
];

const NEVER_REPORTED_STATUSES: ReadonlySet<number> = new Set([
  HTTP_STATUS.unauthorized,
  HTTP_STATUS.movedPermanently,
  HTTP_STATUS.found,
]);

function errorText(error: unknown): string[] {
  if (typeof error === 'string') return [error];
  if (typeof error !== 'object' || error === null) return [];
  const record = error as { message?: unknown; stack?: unknown; filename?: unknown };
  return [record.message, record.stack, record.filename].filter((v): v is string => typeof v === 'string');
}

/**
 * False for what is never reported: 401, 301 and 302 answers, network errors, aborted requests and
 * known third-party noise (ResizeObserver loop, Script error., browser-extension URLs...).
 */
export function shouldReport(error: unknown): boolean {
  if (error === undefined || error === null) return false;
  const status = errorStatus(error);
  if (status !== null && NEVER_REPORTED_STATUSES.has(status)) return false;
  if (error instanceof ApiAuthTokenError || error instanceof ApiNetworkError || error instanceof ApiAbortedError) {
    return false;
  }
  if (error instanceof Error && error.name === 'AbortError') return false;
  const texts = errorText(error);
  if (typeof error === 'object' && (error as { message?: unknown }).message !== undefined) {
    const message = String((error as { message?: unknown }).message);
    if (NETWORK_MESSAGES.some((pattern) => pattern.test(message))) return false;
  }
  if (texts.some((text) => IGNORED_ERROR_PATTERNS.some((pattern) => pattern.test(text)))) return false;
  // A cause that is itself never reported (e.g. a wrapped network error) silences the wrapper.
  if (error instanceof Error && error.cause !== undefined && error.cause !== error) {
    const cause = error.cause;
    if (cause instanceof ApiNetworkError || cause instanceof ApiAuthTokenError) return false;
  }
  return true;
}

/**
 * The log skips debug entries, entries about 401 and client errors with status 0 (spec §8).
 */
export function shouldLogEntry(entry: Pick<TLogEntry, 'level' | 'message' | 'info'>): boolean {
  if (entry.level === 'debug') return false;
  const status = entry.info?.status;
  if (status === HTTP_STATUS.unauthorized || status === String(HTTP_STATUS.unauthorized)) return false;
  if (status === 0 || status === '0') return false;
  if (/\b401\b/.test(entry.message)) return false;
  return true;
}

export interface TLoggerDeps {
  /** Sends a batch (the app POSTs /v1/logs); resolve on success, reject on failure. */
  send: (entries: TLogEntry[]) => Promise<unknown>;
  clientKind: TClientKind;
  appVersion: string;
  now?: TNow;
  schedule?: TSchedule;
  /** Local echo (e.g. console); receives every entry that passes the skip rules. */
  echo?: (entry: TLogEntry) => void;
  /** Entries kept while the server is unreachable; the oldest are dropped beyond it. 200 by default. */
  maxQueue?: number;
}

export interface TLogger {
  log(level: TLogLevel, category: string, message: string, info?: Record<string, unknown>): TLogEntry | null;
  debug(category: string, message: string, info?: Record<string, unknown>): TLogEntry | null;
  info(category: string, message: string, info?: Record<string, unknown>): TLogEntry | null;
  warn(category: string, message: string, info?: Record<string, unknown>): TLogEntry | null;
  error(category: string, message: string, info?: Record<string, unknown>): TLogEntry | null;
  /** Logs an error object at its own level ('error' unless it says otherwise); skips what shouldReport rejects. */
  logError(category: string, error: unknown, info?: Record<string, unknown>): TLogEntry | null;
  /** Sends the queued entries now; answers whether the send succeeded (true when nothing was queued). */
  flush(): Promise<boolean>;
  pending(): readonly TLogEntry[];
  flushInterval(): number;
  dispose(): void;
}

export function createLogger(deps: TLoggerDeps): TLogger {
  const now = deps.now ?? Date.now;
  const schedule = deps.schedule ?? timerSchedule;
  const maxQueue = deps.maxQueue ?? 200;
  let queue: TLogEntry[] = [];
  let interval = LOG_FLUSH_INTERVAL_MIN_MS;
  let cancelTimer: (() => void) | null = null;
  let flushing: Promise<boolean> | null = null;
  let disposed = false;

  function arm(): void {
    if (cancelTimer || disposed || queue.length === 0) return;
    cancelTimer = schedule(() => {
      cancelTimer = null;
      void flush();
    }, interval);
  }

  function enqueue(entries: TLogEntry[]): void {
    queue = [...entries, ...queue.filter((e) => !entries.includes(e))];
    if (queue.length > maxQueue) queue = queue.slice(queue.length - maxQueue);
  }

  async function doFlush(): Promise<boolean> {
    if (queue.length === 0) return true;
    const batch = queue;
    queue = [];
    let ok: boolean;
    try {
      await deps.send(batch);
      ok = true;
    } catch {
      ok = false;
      // Put the batch back in front of anything logged meanwhile.
      enqueue(batch);
    }
    interval = nextFlushInterval(interval, ok);
    return ok;
  }

  function flush(): Promise<boolean> {
    if (!flushing) {
      flushing = doFlush().finally(() => {
        flushing = null;
        arm();
      });
    }
    return flushing;
  }

  function log(level: TLogLevel, category: string, message: string, info?: Record<string, unknown>): TLogEntry | null {
    const entry: TLogEntry = {
      level,
      category,
      message,
      clientKind: deps.clientKind,
      timestamp: new Date(now()).toISOString(),
      appVersion: deps.appVersion,
    };
    if (info !== undefined) entry.info = info;
    if (!shouldLogEntry(entry)) return null;
    deps.echo?.(entry);
    if ((level === 'error' || level === 'warn') && !disposed) {
      queue.push(entry);
      if (queue.length > maxQueue) queue.shift();
      arm();
    }
    return entry;
  }

  return {
    log,
    debug: (category, message, info) => log('debug', category, message, info),
    info: (category, message, info) => log('info', category, message, info),
    warn: (category, message, info) => log('warn', category, message, info),
    error: (category, message, info) => log('error', category, message, info),
    logError(category: string, error: unknown, info?: Record<string, unknown>): TLogEntry | null {
      if (!shouldReport(error)) return null;
      const declared = (error as { level?: unknown } | null)?.level;
      const level: TLogLevel = declared === 'warn' || declared === 'info' ? declared : 'error';
      const status = errorStatus(error);
      const details: Record<string, unknown> = {
        ...(info ?? {}),
        error: describeError(error),
        chain: errorChain(error),
      };
      if (status !== null) details.status = status;
      const stack = error instanceof Error ? error.stack : undefined;
      if (stack) details.stack = stack;
      const message = error instanceof Error ? error.message : typeof error === 'string' ? error : describeError(error);
      return log(level, category, message, details);
    },
    flush,
    pending: (): readonly TLogEntry[] => queue,
    flushInterval: (): number => interval,
    dispose(): void {
      disposed = true;
      cancelTimer?.();
      cancelTimer = null;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Global handlers

/** The part of `window` the global handlers need. */
export interface TEventTargetLike {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

export interface TGlobalHandlerContext {
  logger: Pick<TLogger, 'logError'>;
  pageUrl: () => string;
  referrer: () => string;
  locale: () => string;
  userAgent: () => string;
  category?: string;
}

interface TErrorEventLike {
  error?: unknown;
  message?: unknown;
  filename?: unknown;
  lineno?: unknown;
  colno?: unknown;
}

/**
 * Logs uncaught errors and unhandled rejections with page url, referrer, locale and user agent.
 * Answers a function that removes the handlers.
 */
export function installGlobalHandlers(target: TEventTargetLike, context: TGlobalHandlerContext): () => void {
  const category = context.category ?? 'global';
  const pageInfo = (): Record<string, unknown> => ({
    pageUrl: context.pageUrl(),
    referrer: context.referrer(),
    locale: context.locale(),
    userAgent: context.userAgent(),
  });

  const onError = (event: Event): void => {
    const e = event as Event & TErrorEventLike;
    const info: Record<string, unknown> = { ...pageInfo(), kind: 'uncaught' };
    if (typeof e.filename === 'string' && e.filename) info.filename = e.filename;
    if (typeof e.lineno === 'number') info.lineno = e.lineno;
    if (typeof e.colno === 'number') info.colno = e.colno;
    let error: unknown = e.error;
    if (error === undefined || error === null) {
      // Cross-origin "Script error." events carry no error object; keep message and file for the noise filter.
      error = {
        name: 'Error',
        message: typeof e.message === 'string' ? e.message : 'Unknown error',
        filename: info.filename,
      };
    }
    context.logger.logError(category, error, info);
  };

  const onRejection = (event: Event): void => {
    const reason = (event as Event & { reason?: unknown }).reason;
    context.logger.logError(category, reason ?? new Error('Unhandled promise rejection'), {
      ...pageInfo(),
      kind: 'unhandledrejection',
    });
  };

  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return (): void => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

// ---------------------------------------------------------------------------------------------
// 403

export type TForbiddenOutcome = 'no-address' | 'forbidden' | 'not-forbidden';

const MAILING_ADDRESS_URL = /\/mailing-address\/?(?:[?#]|$)/;

/**
 * 403 handling (spec §6, §8): on the mailing-address call it means "no address" and is silent;
 * any other 403 is logged at warn and shows 'Forbidden, please contact support'.
 */
export function handleForbidden(
  error: unknown,
  options: { url: string; alert: (message: string) => void; logger?: Pick<TLogger, 'warn'>; category?: string },
): TForbiddenOutcome {
  if (errorStatus(error) !== HTTP_STATUS.forbidden) return 'not-forbidden';
  if (MAILING_ADDRESS_URL.test(options.url)) return 'no-address';
  options.logger?.warn(options.category ?? 'api', error instanceof Error ? error.message : 'Forbidden', {
    status: HTTP_STATUS.forbidden,
    url: options.url,
    error: describeError(error),
  });
  options.alert(ERROR_MESSAGES.forbidden);
  return 'forbidden';
}
