/**
 * Words for dates, prices, names and counts that screens of every domain share. Pure functions in
 * a module of their own: an exchange page that only needs a date no longer loads the wish-list
 * pieces they lived in (issue 27).
 */
import { formatPrice } from '../../server/contracts/money';
import { dateTimeFormat } from './intl';

/** 'YYYY-MM-DD' (or an ISO time) → "Mar 14, 2027", read in UTC so the day never shifts. */
export function formatDate(value: string): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

export function formatMoney(price: { amount: number; currency: string } | null): string | null {
  return price ? formatPrice(price, null) : null;
}

/** "Sam", "Sam and Kim", "Sam, Kim and Jo". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** How many of each item: "1 person", "3 members". */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
