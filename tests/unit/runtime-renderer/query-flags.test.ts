import { describe, expect, it } from 'vitest';
import { hasQueryFlags, parseQueryFlags, withoutQueryFlags } from '../../../renderer/app/runtime/query-flags';
import { dialogsFor } from '../../../renderer/app/query-flag-dialogs';

const USER_ID = '9b2d3c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

describe('query flags', () => {
  it('parses the three flags', () => {
    expect(parseQueryFlags('')).toEqual({ priceDropRequest: false, priceDropSignUp: false, requestWishlist: null });
    expect(parseQueryFlags('?priceDropRequest&priceDropSignUp=true')).toEqual({
      priceDropRequest: true,
      priceDropSignUp: true,
      requestWishlist: null,
    });
    expect(parseQueryFlags(`requestWishlist=${USER_ID.toUpperCase()}`).requestWishlist).toBe(USER_ID);
  });

  it('treats false-like values and malformed user ids as off', () => {
    expect(parseQueryFlags('?priceDropRequest=false&priceDropSignUp=0').priceDropRequest).toBe(false);
    expect(parseQueryFlags('?priceDropSignUp=0').priceDropSignUp).toBe(false);
    expect(parseQueryFlags('?requestWishlist=not-a-user').requestWishlist).toBeNull();
    expect(hasQueryFlags('?requestWishlist=not-a-user')).toBe(true);
    expect(hasQueryFlags('?market=CA')).toBe(false);
  });

  it('removes the flags and keeps the rest of the query', () => {
    expect(withoutQueryFlags(`?market=CA&priceDropRequest=1&requestWishlist=${USER_ID}&utm_source=x`)).toBe(
      '?market=CA&utm_source=x',
    );
    expect(withoutQueryFlags('?priceDropSignUp')).toBe('');
    expect(withoutQueryFlags('?priceDropSignUp&priceDropRequest', ['priceDropSignUp'])).toBe('?priceDropRequest=');
  });

  it('opens one dialog per flag, in order', () => {
    expect(dialogsFor(parseQueryFlags(`?requestWishlist=${USER_ID}&priceDropRequest`))).toEqual([
      { kind: 'priceDropRequest' },
      { kind: 'requestWishlist', userId: USER_ID },
    ]);
    expect(dialogsFor(parseQueryFlags('?x=1'))).toEqual([]);
  });
});
