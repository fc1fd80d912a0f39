import { describe, expect, it } from 'vitest';
import {
  ZBirthday,
  ZEmail,
  ZMailingAddress,
  ZName,
  ZPassword,
  ZUsername,
  ZPersonName,
  fieldErrorsFromZod,
  hasInvisibleCharacters,
  isAddressComplete,
  isOpenableUrl,
} from '../../../server/contracts/validation';

function firstError(
  schema: { safeParse(value: unknown): { success: boolean; error?: unknown } },
  value: unknown,
): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return Object.values(fieldErrorsFromZod(result.error as never))[0];
}

describe('spec §5 validation messages', () => {
  it('name: required, 2 to 50', () => {
    expect(firstError(ZName, '   ')).toBe('Value is required');
    expect(firstError(ZName, undefined)).toBe('Value is required');
    expect(firstError(ZName, 'A')).toBe('This field should be at least 2 characters long');
    expect(firstError(ZName, 'x'.repeat(51))).toBe('The maximum length allowed is 50');
    expect(firstError(ZName, 'Al')).toBeUndefined();
  });

  it('email: required, valid, at most 50', () => {
    expect(firstError(ZEmail, '')).toBe('Value is required');
    expect(firstError(ZEmail, 'not-an-email')).toBe('Value is not a valid email address');
    expect(firstError(ZEmail, `${'a'.repeat(45)}@x.com`)).toBe('The maximum length allowed is 50');
    expect(ZEmail.parse(' Dana@Example.COM ')).toBe('dana@example.com');
  });

  it('username: no whitespace, 2 to 50', () => {
    expect(firstError(ZUsername, 'a b')).toBeDefined();
    expect(firstError(ZUsername, 'a')).toBe('This field should be at least 2 characters long');
    expect(firstError(ZUsername, 'ab')).toBeUndefined();
  });

  it('password: 4 to 128', () => {
    expect(firstError(ZPassword, '')).toBe('Value is required');
    expect(firstError(ZPassword, 'abc')).toBe('This field should be at least 4 characters long');
    expect(firstError(ZPassword, 'x'.repeat(129))).toBe('The maximum length allowed is 128');
    expect(firstError(ZPassword, 'abcd')).toBeUndefined();
  });

  it('birthday: a given day or month must both be at least 1', () => {
    expect(firstError(ZBirthday, { month: 3 })).toBe('The minimum value allowed is 1');
    expect(firstError(ZBirthday, {})).toBeUndefined();
    expect(firstError(ZBirthday, { month: 3, day: 9 })).toBeUndefined();
  });

  it('birthday: month at most 12, day at most the month’s length (29 February allowed), numbers only', () => {
    expect(firstError(ZBirthday, { month: 13, day: 1 })).toBe('The maximum value allowed is 12');
    expect(firstError(ZBirthday, { month: 1, day: 32 })).toBe('The maximum value allowed is 31');
    expect(firstError(ZBirthday, { month: 2, day: 31 })).toBe('The maximum value allowed is 29');
    expect(firstError(ZBirthday, { month: 2, day: 30 })).toBe('The maximum value allowed is 29');
    expect(firstError(ZBirthday, { month: 4, day: 31 })).toBe('The maximum value allowed is 30');
    expect(firstError(ZBirthday, { month: 2, day: 29 })).toBeUndefined();
    expect(firstError(ZBirthday, { month: 12, day: 31 })).toBeUndefined();
    expect(firstError(ZBirthday, { month: '3', day: 1 })).toBe('Value must be decimal');
    expect(firstError(ZBirthday, { month: 3, day: 'x' })).toBe('Value must be decimal');
    expect(firstError(ZBirthday, { month: 3.5, day: 1 })).toBe('Value must be a whole number');
    expect(firstError(ZBirthday, { month: -1, day: 1 })).toBe('The minimum value allowed is 1');
    expect(firstError(ZBirthday, { month: null, day: 12 })).toBe('The minimum value allowed is 1');
    // Each field is told its own message.
    const both = ZBirthday.safeParse({ month: 0, day: 40 });
    expect(both.success ? {} : fieldErrorsFromZod(both.error)).toEqual({
      month: 'The minimum value allowed is 1',
      day: 'The maximum value allowed is 31',
    });
  });

  it('mailing address: refuses control and bidirectional-override characters, and over-long lines', () => {
    for (const field of ['address1', 'address2', 'city', 'state', 'postalCode', 'country']) {
      const result = ZMailingAddress.safeParse({ country: 'US', [field]: 'Main\u202eSt' });
      expect(result.success ? {} : fieldErrorsFromZod(result.error)).toEqual({
        [field]: 'The value contains characters that are not allowed',
      });
    }
    expect(firstError(ZMailingAddress, { address1: '1 Main St\u0000', country: 'US' })).toBe(
      'The value contains characters that are not allowed',
    );
    expect(firstError(ZMailingAddress, { city: 'x'.repeat(101), country: 'US' })).toBe(
      'The maximum length allowed is 100',
    );
    expect(firstError(ZMailingAddress, { postalCode: '1'.repeat(21), country: 'US' })).toBe(
      'The maximum length allowed is 20',
    );
    expect(firstError(ZMailingAddress, { address1: 'Gøtgatan 1', city: 'Москва', country: 'RU' })).toBeUndefined();
  });

  it('mailing address: country is required once any of the others is filled', () => {
    expect(firstError(ZMailingAddress, { city: 'Oslo' })).toBe('The value is required');
    expect(firstError(ZMailingAddress, {})).toBeUndefined();
    expect(isAddressComplete({ address1: '1 Main', city: 'X', state: 'Y', postalCode: '1', country: 'US' })).toBe(true);
    expect(isAddressComplete({ address1: '1 Main', city: 'X', state: 'Y', postalCode: '1' })).toBe(false);
  });

  it('only http, https, ftp and app-scheme URLs are opened', () => {
    expect(isOpenableUrl('https://example.com', 'elfgifts:')).toBe(true);
    expect(isOpenableUrl('ftp://example.com/file', 'elfgifts:')).toBe(true);
    expect(isOpenableUrl('elfgifts://exchange/1', 'elfgifts:')).toBe(true);
    expect(isOpenableUrl('javascript:alert(1)', 'elfgifts:')).toBe(false);
    expect(isOpenableUrl('not a url', 'elfgifts:')).toBe(false);
  });
});

describe('invisible characters in names (issue 24)', () => {
  const NOT_ALLOWED = 'The value contains characters that are not allowed';

  it.each([
    ['zero-width space', 'Robin\u200bHood'],
    ['BOM / zero-width no-break space', '\ufeffRobin Hood'],
    ['line separator', 'Robin\u2028Hood'],
    ['paragraph separator', 'Robin Hood\u2029'],
    ['word joiner', 'Robin\u2060Hood'],
    ['invisible separator', 'Robin\u2063Hood'],
    ['soft hyphen', 'Rob\u00adin'],
    ['tag characters', 'Robin\u{e0048}\u{e0069}'],
    ['a lone ZWJ at the start', '\u200dRobin'],
    ['a ZWNJ at the end', 'Robin\u200c'],
    ['a ZWJ next to a space', 'Robin \u200dHood'],
    ['two joiners in a row', 'Rob\u200d\u200din'],
    ['a Hangul filler (looks empty)', '\u3164\u3164'],
    ['Braille blank (looks empty)', '\u2800\u2800'],
    ['an unpaired surrogate', 'Rob\ud800in'],
  ])('refuses %s with the field message', (_label, name) => {
    expect(hasInvisibleCharacters(name)).toBe(true);
    expect(firstError(ZName, name)).toBe(NOT_ALLOWED);
    expect(firstError(ZPersonName, name)).toBe(NOT_ALLOWED);
    // Usernames hold no spaces: checked where the name has none.
    if (!name.includes(' ')) expect(firstError(ZUsername, name)).toBe(NOT_ALLOWED);
  });

  it.each([
    ['Persian with ZWNJ', 'می\u200cخواهم'],
    ['Hindi with ZWJ', 'क्\u200dष'],
    ['an emoji family (ZWJ sequence)', 'Robin 👩\u200d👩\u200d👧'],
    ['an emoji with a variation selector and ZWJ', 'Robin ❤️\u200d🔥'],
    ['the flag of England (tag sequence)', 'Robin 🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}'],
    ['accents and other scripts', 'Zoë Nguyễn 中文'],
  ])('keeps %s', (_label, name) => {
    expect(hasInvisibleCharacters(name)).toBe(false);
    expect(firstError(ZName, name)).toBeUndefined();
  });
});
