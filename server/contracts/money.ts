/**
 * Money as every screen writes it (the shop, wish lists, the price-drop notice and its e-mail):
 * `Intl.NumberFormat('en-' + countryCode, { style: 'currency', currency })`
 * (spec §3: a market's locale is en-{countryCode}, default en-US). Formatters are cached.
 *
 * A market's own dollar reads "$" in its locale (en-CA formats CAD as $60.99), which looks like US
 * dollars beside the rest of the product: any dollar but the US one carries its international
 * symbol (CA$60.99, A$, NZ$), the digits staying in the market's locale.
 */
import { DEFAULT_LOCALE } from './constants';

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

/** The currency's symbol as en-US writes it (CA$, A$, £, €), which never leaves a dollar bare. */
function unambiguousSymbol(currency: string): string | null {
  return (
    formatterFor(DEFAULT_LOCALE, currency)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? null
  );
}

/** A price in its market's locale, e.g. £12.50 for GB, CA$60.99 for CA; falls back to en-US, then to "12.50 XYZ". */
export function formatPrice(money: TMoney, countryCode: string | null | undefined): string {
  try {
    const parts = formatterFor(marketLocale(countryCode), money.currency).formatToParts(money.amount);
    return parts
      .map((part) =>
        part.type === 'currency' && part.value === '$' && money.currency.toUpperCase() !== 'USD'
          ? (unambiguousSymbol(money.currency) ?? part.value)
          : part.value,
      )
      .join('');
  } catch {
    try {
      return formatterFor(DEFAULT_LOCALE, money.currency).format(money.amount);
    } catch {
      return `${money.amount.toFixed(2)} ${money.currency}`;
    }
  }
}

/**
 * The market a currency is sold in, for money that carries no market (a price-drop notice written
 * before notices kept their product's market): USD → US, CAD → CA, GBP → GB, AUD → AU.
 */
const MARKET_OF_CURRENCY: Record<string, string> = { USD: 'US', CAD: 'CA', GBP: 'GB', AUD: 'AU', NZD: 'NZ', EUR: 'IE' };

/** A price in its market's locale, the market given or else the one its currency is sold in. */
export function formatMoneyIn(money: TMoney, countryCode?: string | null): string {
  return formatPrice(money, countryCode ?? MARKET_OF_CURRENCY[money.currency.toUpperCase()] ?? null);
}
