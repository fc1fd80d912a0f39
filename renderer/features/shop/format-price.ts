/**
 * Prices in the shop: `Intl.NumberFormat('en-' + countryCode, { style: 'currency', currency })`
 * (spec §3: a market's locale is en-{countryCode}, default en-US). Formatters are cached.
 */
import { DEFAULT_LOCALE } from '../../../server/contracts/constants';

export interface TMoney {
  amount: number;
  currency: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The locale of a market: en-{countryCode} (en-US when the code is not two letters). */
export function marketLocale(countryCode: string | null | undefined): string {
  return countryCode && /^[A-Za-z]{2}$/.test(countryCode) ? `en-${countryCode.toUpperCase()}` : DEFAULT_LOCALE;
}

/** A price in its market's locale, e.g. £12.50 for GB; falls back to en-US, then to "12.50 XYZ". */
export function formatPrice(money: TMoney, countryCode: string | null | undefined): string {
  try {
    return formatterFor(marketLocale(countryCode), money.currency).format(money.amount);
  } catch {
    try {
      return formatterFor(DEFAULT_LOCALE, money.currency).format(money.amount);
    } catch {
      return `${money.amount.toFixed(2)} ${money.currency}`;
    }
  }
}
