/**
 * The server's initial state in index.html: `<script id="initial-state" type="application/json">`
 * with `{ "errorType": null | "maintenance" | "unavailable", "sessionCookie"?: boolean }`.
 * - An error type renders an error page instead of the app.
 * - `sessionCookie: false`: the page's request carried no refresh cookie, so nobody is signed in
 *   and the app need not ask GET /auth/v2/refresh-token/ before it renders (app-auth.ts).
 *   Missing (the dev server's page, an older server): unknown, the app asks.
 */
export const INITIAL_ERROR_TYPES = ['maintenance', 'unavailable'] as const;
export type TInitialErrorType = (typeof INITIAL_ERROR_TYPES)[number];

export interface TInitialState {
  errorType: TInitialErrorType | null;
  /** Whether the page's request carried the refresh cookie; null when the server did not say. */
  sessionCookie: boolean | null;
}

const UNKNOWN: TInitialState = { errorType: null, sessionCookie: null };

function errorTypeOf(value: unknown): TInitialErrorType | null {
  if (typeof value === 'string' && (INITIAL_ERROR_TYPES as readonly string[]).includes(value)) {
    return value as TInitialErrorType;
  }
  // An unknown, non-empty error type is still an error: show the generic page.
  if (typeof value === 'string' && value.trim() !== '') return 'unavailable';
  return null;
}

/** Reads the JSON text of the script; anything unreadable counts as "no error", session unknown. */
export function parseInitialState(text: string | null | undefined): TInitialState {
  if (!text) return UNKNOWN;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return UNKNOWN;
    const { errorType, sessionCookie } = parsed as { errorType?: unknown; sessionCookie?: unknown };
    return {
      errorType: errorTypeOf(errorType),
      sessionCookie: typeof sessionCookie === 'boolean' ? sessionCookie : null,
    };
  } catch {
    return UNKNOWN;
  }
}

/** The state of this page (`document`), or no error when the script is missing. */
export function readInitialState(doc: Pick<Document, 'getElementById'>): TInitialState {
  return parseInitialState(doc.getElementById('initial-state')?.textContent);
}

/**
 * Whether the page the server sent already rendered (`data-prerendered` on `#root`: the path it was
 * prerendered for, renderer/prerender.tsx) is the one to hydrate: only for a visitor (nothing stored,
 * no session cookie) at that very address without a query. Otherwise (the service worker's offline
 * copy of it served for another page, a stored identity) the app renders from scratch.
 */
export function hydratesPrerendered(page: {
  prerenderedPath: string | undefined;
  location: Pick<Location, 'pathname' | 'search'>;
  storedIdentity: boolean;
  sessionCookie: boolean | null;
}): boolean {
  return (
    page.prerenderedPath !== undefined &&
    page.prerenderedPath === page.location.pathname &&
    page.location.search === '' &&
    !page.storedIdentity &&
    page.sessionCookie === false
  );
}

/** A member's page as the server rendered it (server/http/renderer.ts `withMemberRender`). */
export interface TMemberRendered {
  /** Whose page it is (the access token's user id). */
  userId: string;
  /** The query cache it was rendered with (dehydrated). */
  state: unknown;
}

/**
 * The server's render of a member's page in `#root` (`data-member-rendered`: its path, `data-member`:
 * whose it is) with its query cache (`<script id="member-state" type="application/json">`), when it
 * was rendered for this very address; null otherwise (the app then renders from scratch).
 */
export function readMemberRendered(
  doc: Pick<Document, 'getElementById'>,
  root: Pick<HTMLElement, 'dataset'>,
  location: Pick<Location, 'pathname' | 'search'>,
): TMemberRendered | null {
  const { memberRendered: path, member: userId } = root.dataset;
  if (!path || !userId || path !== location.pathname || location.search !== '') return null;
  try {
    // Its shape is checked where it is taken (data-module.tsx).
    return { userId, state: JSON.parse(doc.getElementById('member-state')?.textContent ?? '') as unknown };
  } catch {
    return null;
  }
}

export const INITIAL_ERROR_COPY: Record<TInitialErrorType, { title: string; body: string }> = {
  maintenance: {
    title: 'We are wrapping up some maintenance',
    body: 'Gifting is getting a little tune-up and will be back shortly. Your wish lists and exchanges are safe.',
  },
  unavailable: {
    title: 'Gifting is unavailable right now',
    body: 'Something on our side is not answering. Please try again in a moment.',
  },
};
