/**
 * Navigation data (spec §4): what the router does with the answer a screen's data request got.
 * - 301 / 302 go to their location: in-app by the router, another origin by a full page load;
 * - a status of 400 or more triggers a full page load of the navigation's target and logs a warning
 *   (the server renders what it knows about the address). On the first load of the page that would
 *   loop, so there the status becomes the route's error (404 → the not-found screen);
 * - anything else is the data.
 * Framework-free: the router (renderer/routes/router.tsx) carries the outcome out.
 */
import { HTTP_STATUS } from '../../../server/contracts/constants';
import { errorStatus } from '../../client/errors';
import type { TLogger } from '../../client/logger';
import { localAddress } from '../../client/url';

/** How long a reload waits for the warning to reach the server. */
const FLUSH_BEFORE_RELOAD_MS = 1_000;

export interface TNavigationAnswer<T> {
  status: number;
  /** Location header of a redirect. */
  location?: string | null;
  data?: T;
}

export type TNavigationOutcome<T> =
  | { kind: 'data'; data: T | undefined }
  | { kind: 'redirect'; to: string; document: boolean }
  | { kind: 'reload'; to: string; status: number }
  | { kind: 'error'; status: number };

export interface TNavigationContext {
  /** The address being navigated to (absolute URL of the loader's request). */
  target: string;
  /** The app's origin, e.g. `https://gifts.example`. */
  origin: string;
  /** True while the router performs the first load of the page. */
  isInitialLoad: boolean;
}

export function navigationOutcome<T>(answer: TNavigationAnswer<T>, context: TNavigationContext): TNavigationOutcome<T> {
  const { status } = answer;
  if ((status === HTTP_STATUS.movedPermanently || status === HTTP_STATUS.found) && answer.location) {
    const { to, external } = localAddress(answer.location, context.origin);
    return { kind: 'redirect', to, document: external };
  }
  if (status >= HTTP_STATUS.badRequest) {
    if (context.isInitialLoad) return { kind: 'error', status };
    return { kind: 'reload', to: localAddress(context.target, context.origin).to, status };
  }
  return { kind: 'data', data: answer.data };
}

/** A reload is logged as a warning before the page goes (the server renders what it knows). */
export function warnReload(
  outcome: Extract<TNavigationOutcome<unknown>, { kind: 'reload' }>,
  logger?: Pick<TLogger, 'warn'> | null,
): void {
  logger?.warn('routing', `Navigation data answered ${outcome.status}; full page load of ${outcome.to}`, {
    status: outcome.status,
    target: outcome.to,
  });
}

/** The status carried by a failed request (the requester's ApiError), 500 when none. */
export function statusOfFailure(error: unknown): number {
  const status = errorStatus(error);
  if (status !== null && status > 0) return status;
  const httpStatus = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  return typeof httpStatus === 'number' ? httpStatus : HTTP_STATUS.internalServerError;
}

/**
 * Loads navigation data with `load` and applies the rules above: answers the outcome for the router
 * to carry out (renderer/routes/router.tsx). `load` answers the data (a 2xx), an explicit
 * `{ status, location }` answer, or throws a request error carrying its status. A reload is logged
 * as a warning first, and the log is flushed (bounded) since the page is about to unload.
 */
export async function loadNavigationData<T>(
  load: () => Promise<TNavigationAnswer<T>>,
  context: TNavigationContext,
  logger?: (Pick<TLogger, 'warn'> & Partial<Pick<TLogger, 'flush'>>) | null,
): Promise<TNavigationOutcome<T>> {
  let answer: TNavigationAnswer<T>;
  try {
    answer = await load();
  } catch (error) {
    const location = (error as { location?: unknown } | null)?.location;
    answer = { status: statusOfFailure(error), location: typeof location === 'string' ? location : null };
  }
  const outcome = navigationOutcome(answer, context);
  if (outcome.kind === 'reload') {
    warnReload(outcome, logger);
    if (logger?.flush)
      await Promise.race([logger.flush(), new Promise((resolve) => setTimeout(resolve, FLUSH_BEFORE_RELOAD_MS))]);
  }
  return outcome;
}
