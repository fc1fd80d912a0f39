/**
 * The client runtime of the app, created once in main.tsx next to the auth runtime: the client
 * logger (POST /v1/logs through the requester, global error handlers), the navigation store, the
 * session store (one instance; a stored mobile session applied after 200 ms), the shell
 * notifications, UTM and pixel-ratio cookies, and the forbidden handling of spec §6/§8.
 */
import { errorStatus } from '../../client/errors';
import {
  createLogger,
  handleForbidden,
  installGlobalHandlers,
  type TClientKind,
  type TLogger,
} from '../../client/logger';
import type { TRequester } from '../../client/request';
import { applyStoredMobileSession, createSessionStore, type TSessionStore } from '../../client/session-store';
import { captureUtm, createDocumentCookieJar, storePixelRatio, type TCookieJar } from '../../client/tracking';
import { timerSchedule, type TStorageLike } from '../../client/types';
import { createLogTransport } from './log-transport';
import { createNavigationStore, mirrorNavigationState, type TNavigationStore } from './navigation-store';
import { createNotificationStore, type TNotificationStore } from './notifications';

export interface TAppRuntime {
  requester: TRequester;
  logger: TLogger;
  navigation: TNavigationStore;
  session: TSessionStore;
  notifications: TNotificationStore;
  cookies: TCookieJar;
  /** sessionStorage (or a memory fallback). */
  sessionStorage: TStorageLike;
  /** 403 from any query or mutation: warn log and 'Forbidden, please contact support'. */
  reportForbidden(error: unknown, url?: string): void;
  /** Starts the browser side effects; answers a stop function. */
  start(win: Window): () => void;
}

export interface TAppRuntimeOptions {
  requester: TRequester;
  clientKind: TClientKind;
  appVersion: string;
  isDev: boolean;
  sessionStorage: TStorageLike;
  localStorage: TStorageLike;
  cookies?: TCookieJar;
}

/** The status of any face of a failed call: the requester's errors, tRPC's `data.httpStatus`. */
export function statusOf(error: unknown): number | null {
  const status = errorStatus(error);
  if (status !== null) return status;
  const httpStatus = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  return typeof httpStatus === 'number' ? httpStatus : null;
}

export function createAppRuntime(options: TAppRuntimeOptions): TAppRuntime {
  const logger = createLogger({
    send: createLogTransport(options.requester),
    clientKind: options.clientKind,
    appVersion: options.appVersion,
    ...(options.isDev
      ? {
          echo: (entry) =>
            console[entry.level === 'error' ? 'error' : 'warn'](
              `[${entry.category}] ${entry.message}`,
              entry.info ?? '',
            ),
        }
      : {}),
  });
  const navigation = createNavigationStore();
  const session = createSessionStore();
  const notifications = createNotificationStore();
  const cookies =
    options.cookies ??
    createDocumentCookieJar({
      read: () => document.cookie,
      write: (cookie) => {
        document.cookie = cookie;
      },
      secure: typeof location !== 'undefined' && location.protocol === 'https:',
    });

  function reportForbidden(error: unknown, url = ''): void {
    const status = statusOf(error);
    if (status === null) return;
    const record = error as { url?: unknown; message?: unknown };
    const subject = {
      status,
      message: typeof record.message === 'string' ? record.message : 'Forbidden',
      name: 'ForbiddenError',
    };
    handleForbidden(subject, {
      url: typeof record.url === 'string' ? record.url : url,
      logger,
      alert: (message) => notifications.show({ message }),
    });
  }

  return {
    requester: options.requester,
    logger,
    navigation,
    session,
    notifications,
    cookies,
    sessionStorage: options.sessionStorage,
    reportForbidden,
    start(win) {
      const stops: Array<() => void> = [];
      captureUtm(win.location.search, cookies);
      storePixelRatio(cookies, win.devicePixelRatio);
      stops.push(applyStoredMobileSession(options.localStorage, session, timerSchedule));
      stops.push(
        installGlobalHandlers(win, {
          logger,
          pageUrl: () => win.location.href,
          referrer: () => win.document.referrer,
          locale: () => win.navigator.language,
          userAgent: () => win.navigator.userAgent,
        }),
      );
      stops.push(mirrorNavigationState(navigation, win.document.documentElement));
      const onPageHide = (): void => navigation.dispatch({ type: 'leave' });
      win.addEventListener('pagehide', onPageHide);
      stops.push(() => win.removeEventListener('pagehide', onPageHide));
      return () => {
        stops.forEach((stop) => stop());
        logger.dispose();
      };
    },
  };
}

/** window.sessionStorage / localStorage when usable, else null. */
export function browserStorage(kind: 'sessionStorage' | 'localStorage'): TStorageLike | null {
  try {
    const storage = window[kind];
    const probe = '__probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}
