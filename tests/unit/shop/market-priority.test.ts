import { describe, expect, it } from 'vitest';
import { formatPrice, marketLocale } from '../../../renderer/features/shop/format-price';
import {
  chooseMarket,
  needsSavedMarket,
  normalizeMarket,
  resolveMarket,
  withoutMarketOverride,
} from '../../../renderer/features/shop/market';

const KNOWN = ['US', 'CA', 'GB'];

describe('market preference priority (spec §4)', () => {
  it('takes the override, then the selected, then the saved market, then US', () => {
    expect(resolveMarket({ override: 'ca', selected: 'GB', saved: 'US' })).toEqual({
      market: 'CA',
      source: 'override',
    });
    expect(resolveMarket({ override: null, selected: 'gb', saved: 'CA' })).toEqual({
      market: 'GB',
      source: 'selected',
    });
    expect(resolveMarket({ override: null, selected: null, saved: 'CA' })).toEqual({ market: 'CA', source: 'saved' });
    expect(resolveMarket({})).toEqual({ market: 'US', source: 'default' });
  });

  it('skips malformed codes and markets the shop does not serve', () => {
    expect(normalizeMarket(' gb ')).toBe('GB');
    expect(normalizeMarket('GBR')).toBeNull();
    expect(normalizeMarket('')).toBeNull();
    expect(normalizeMarket(undefined)).toBeNull();
    expect(resolveMarket({ override: 'not-a-market', selected: 'CA' }).market).toBe('CA');
    expect(resolveMarket({ override: 'ZZ', selected: 'GB', known: KNOWN })).toEqual({
      market: 'GB',
      source: 'selected',
    });
    expect(resolveMarket({ override: 'ZZ', selected: 'XX', saved: 'QQ', known: KNOWN })).toEqual({
      market: 'US',
      source: 'default',
    });
    // While the markets are unknown, any well-formed code counts.
    expect(resolveMarket({ override: 'FR', known: null }).market).toBe('FR');
  });

  it('needs the saved market only when nothing above it chose one', () => {
    expect(needsSavedMarket({ override: null, selected: null })).toBe(true);
    expect(needsSavedMarket({ override: 'CA', selected: null })).toBe(false);
    expect(needsSavedMarket({ override: null, selected: 'GB' })).toBe(false);
    expect(needsSavedMarket({ override: 'ZZ', selected: null, known: KNOWN })).toBe(true);
  });
});

describe('choosing a market (spec §4)', () => {
  it('clears the override and keeps the rest of the address', () => {
    expect(withoutMarketOverride('?market=CA&q=scarf')).toBe('?q=scarf');
    expect(withoutMarketOverride('market=GB')).toBe('');
    expect(withoutMarketOverride(new URLSearchParams('q=x'))).toBe('?q=x');

    expect(chooseMarket('gb', '?market=CA&q=scarf', true)).toEqual({
      selected: 'GB',
      search: '?q=scarf',
      clearsOverride: true,
      save: true,
    });
    expect(chooseMarket('CA', '', false)).toEqual({ selected: 'CA', search: '', clearsOverride: false, save: false });
    expect(chooseMarket('Canada', '?market=US', true)).toBeNull();
  });

  it('makes the choice win from then on, over the saved market', () => {
    const choice = chooseMarket('GB', '?market=CA', true);
    expect(choice).not.toBeNull();
    const override = new URLSearchParams(choice?.search ?? '').get('market');
    expect(resolveMarket({ override, selected: choice?.selected, saved: 'CA', known: KNOWN })).toEqual({
      market: 'GB',
      source: 'selected',
    });
  });

  it('still lets a later override win over the choice (a shared link)', () => {
    expect(resolveMarket({ override: 'CA', selected: 'GB', known: KNOWN }).market).toBe('CA');
  });
});

describe('market prices', () => {
  it('formats with the en-{countryCode} locale and the product currency', () => {
    expect(marketLocale('gb')).toBe('en-GB');
    expect(marketLocale(null)).toBe('en-US');
    expect(formatPrice({ amount: 39, currency: 'USD' }, 'US')).toBe('$39.00');
    expect(formatPrice({ amount: 12.5, currency: 'GBP' }, 'GB')).toBe('£12.50');
    // A dollar other than the US one never reads as a bare "$", in its own market too.
    expect(formatPrice({ amount: 49.99, currency: 'CAD' }, 'CA')).toBe('CA$49.99');
    expect(formatPrice({ amount: 1234.5, currency: 'AUD' }, 'AU')).toBe('A$1,234.50');
    expect(formatPrice({ amount: 5, currency: 'USD' }, 'CA')).toBe('US$5.00');
    // A currency shown outside its home market names itself.
    expect(formatPrice({ amount: 10, currency: 'CAD' }, 'US')).toBe('CA$10.00');
  });

  it('falls back when the currency is unusable', () => {
    expect(formatPrice({ amount: 3, currency: 'not a currency' }, 'US')).toBe('3.00 not a currency');
  });
});
