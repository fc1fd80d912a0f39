/**
 * Times as people say them ("just now", "5 minutes ago", "yesterday", "Nov 3") for the social
 * screens (activity, messages, notifications, home). Pure; the <time> element is relative-time.tsx.
 */
import { dateTimeFormat, relativeTimeFormat } from '../../kit/intl';

const LOCALE = 'en-US';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A short relative time for `iso` seen at `now`; past a week, the date itself. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (!Number.isFinite(at)) return '';
  const diff = now - at;
  if (diff < MINUTE && diff > -MINUTE) return 'just now';
  const format = relativeTimeFormat(LOCALE, { numeric: 'auto' });
  if (diff > 0 && diff < HOUR) return format.format(-Math.floor(diff / MINUTE), 'minute');
  if (diff > 0 && diff < DAY) return format.format(-Math.floor(diff / HOUR), 'hour');
  if (diff > 0 && diff < 7 * DAY) return format.format(-Math.round(diff / DAY), 'day');
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return dateTimeFormat(
    LOCALE,
    sameYear ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' },
  ).format(new Date(at));
}

/** The full date and time, for the tooltip and screen readers' detail. */
export function fullTime(iso: string): string {
  const at = new Date(iso);
  return Number.isFinite(at.getTime())
    ? dateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' }).format(at)
    : '';
}
