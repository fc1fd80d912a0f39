/**
 * App-shell query flags (spec §2 "App shell behaviour"): `priceDropRequest`, `priceDropSignUp` and
 * `requestWishlist=<userId>` open their dialogs; opening one removes its flag from the address.
 */
export const QUERY_FLAG_NAMES = ['priceDropRequest', 'priceDropSignUp', 'requestWishlist'] as const;
export type TQueryFlagName = (typeof QUERY_FLAG_NAMES)[number];

export interface TQueryFlags {
  priceDropRequest: boolean;
  priceDropSignUp: boolean;
  /** The member whose wish list is requested (a UUID), or null. */
  requestWishlist: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FALSE_VALUES = new Set(['false', '0', 'no', 'off']);

function toParams(search: string | URLSearchParams): URLSearchParams {
  if (typeof search !== 'string') return new URLSearchParams(search);
  return new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
}

function isOn(params: URLSearchParams, name: string): boolean {
  if (!params.has(name)) return false;
  return !FALSE_VALUES.has((params.get(name) ?? '').trim().toLowerCase());
}

export function parseQueryFlags(search: string | URLSearchParams): TQueryFlags {
  const params = toParams(search);
  const userId = (params.get('requestWishlist') ?? '').trim();
  return {
    priceDropRequest: isOn(params, 'priceDropRequest'),
    priceDropSignUp: isOn(params, 'priceDropSignUp'),
    requestWishlist: UUID.test(userId) ? userId.toLowerCase() : null,
  };
}

export function hasQueryFlags(search: string | URLSearchParams): boolean {
  const params = toParams(search);
  return QUERY_FLAG_NAMES.some((name) => params.has(name));
}

/** The query string without the given flags (with its `?`, or '' when nothing is left). */
export function withoutQueryFlags(
  search: string | URLSearchParams,
  names: readonly TQueryFlagName[] = QUERY_FLAG_NAMES,
): string {
  const params = toParams(search);
  for (const name of names) params.delete(name);
  const text = params.toString();
  return text ? `?${text}` : '';
}
