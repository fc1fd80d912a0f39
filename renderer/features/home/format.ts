import { DEFAULT_LOCALE } from '../../../server/contracts/constants';

/** A count in the market's locale (e.g. 12,345 in en-US); falls back to the default locale. */
export function formatCount(value: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale).format(value);
  } catch {
    return new Intl.NumberFormat(DEFAULT_LOCALE).format(value);
  }
}
