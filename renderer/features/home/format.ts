import { DEFAULT_LOCALE } from '../../../server/contracts/constants';
import { numberFormat } from '../../kit/intl';

/** A count in the market's locale (e.g. 12,345 in en-US); falls back to the default locale. */
export function formatCount(value: number, locale: string): string {
  try {
    return numberFormat(locale).format(value);
  } catch {
    return numberFormat(DEFAULT_LOCALE).format(value);
  }
}
