/**
 * The server's initial state in index.html: `<script id="initial-state" type="application/json">`
 * with `{ "errorType": null | "maintenance" | "unavailable" }`. An error type renders an error page
 * instead of the app.
 */
export const INITIAL_ERROR_TYPES = ['maintenance', 'unavailable'] as const;
export type TInitialErrorType = (typeof INITIAL_ERROR_TYPES)[number];

export interface TInitialState {
  errorType: TInitialErrorType | null;
}

/** Reads the JSON text of the script; anything unreadable counts as "no error". */
export function parseInitialState(text: string | null | undefined): TInitialState {
  if (!text) return { errorType: null };
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return { errorType: null };
    const errorType = (parsed as { errorType?: unknown }).errorType;
    if (typeof errorType === 'string' && (INITIAL_ERROR_TYPES as readonly string[]).includes(errorType)) {
      return { errorType: errorType as TInitialErrorType };
    }
    // An unknown, non-empty error type is still an error: show the generic page.
    if (typeof errorType === 'string' && errorType.trim() !== '') return { errorType: 'unavailable' };
    return { errorType: null };
  } catch {
    return { errorType: null };
  }
}

/** The state of this page (`document`), or no error when the script is missing. */
export function readInitialState(doc: Pick<Document, 'getElementById'>): TInitialState {
  return parseInitialState(doc.getElementById('initial-state')?.textContent);
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
