/**
 * The canonical form of an e-mail address (server/contracts/email-identity.ts): which addresses are
 * one person's and which are look-alikes, and which addresses are refused outright.
 */
import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalEmail, domainToAsciiHost, sameEmail } from '../../../server/contracts/email-identity';
import { VALIDATION_MESSAGES } from '../../../server/contracts/messages';
import { ZInviteEmail } from '../../../server/contracts/exchanges';
import { ZEmail } from '../../../server/contracts/validation';

describe('canonicalEmail', () => {
  it.each([
    ['upper and lower case', 'X@GMAIL.COM', 'x@gmail.com'],
    ['surrounding whitespace', '  x@gmail.com\t', 'x@gmail.com'],
    ['NFD and NFC of the same local part', 'jose\u0301@example.com', 'josé@example.com'],
    ['NFD and NFC of the same domain', 'x@bu\u0308cher.de', 'x@bücher.de'],
    ['an IDN domain in Unicode and in punycode', 'x@bücher.de', 'x@xn--bcher-kva.de'],
    ['an upper-case IDN domain', 'x@BÜCHER.DE', 'x@bücher.de'],
  ])('%s: one address', (_case, a, b) => {
    expect(canonicalEmail(a)).not.toBeNull();
    expect(canonicalEmail(a)).toBe(canonicalEmail(b));
    expect(sameEmail(a, b)).toBe(true);
  });

  it.each([
    ['an accent in the domain', 'x@gmáil.com', 'x@gmail.com'],
    ['ß and ss in the domain', 'x@straße.de', 'x@strasse.de'],
    ['ß and ss in the local part', 'straße@example.com', 'strasse@example.com'],
    ['an accent in the local part', 'dúp@example.com', 'dup@example.com'],
    ['a Cyrillic а for a Latin a in the domain', 'x@gm\u0430il.com', 'x@gmail.com'],
    ['full-width letters in the local part', '\uff58@example.com', 'x@example.com'],
  ])('%s: two addresses', (_case, a, b) => {
    expect(canonicalEmail(a)).not.toBeNull();
    expect(canonicalEmail(b)).not.toBeNull();
    expect(canonicalEmail(a)).not.toBe(canonicalEmail(b));
    expect(sameEmail(a, b)).toBe(false);
  });

  it('puts the domain in its ASCII form and keeps the local part as Unicode', () => {
    expect(canonicalEmail('José@Bücher.DE')).toBe('josé@xn--bcher-kva.de');
    expect(canonicalEmail('x@gmáil.com')).toBe('x@xn--gmil-6na.com');
    expect(canonicalEmail('x@straße.de')).toBe('x@xn--strae-oqa.de');
  });

  it.each([
    ['a trailing dot', 'a@b.com.'],
    ['an empty label', 'a@b..com'],
    ['no dot in the domain', 'a@localhost'],
    ['an IPv4 host', 'a@1.2.3.4'],
    ['a numeric top-level label', 'a@b.123'],
    ['a one-letter top-level label', 'a@b.c'],
    ['an underscore in the domain', 'a@b_c.com'],
    ['a leading hyphen', 'a@-b.com'],
    ['invalid punycode', 'a@xn--zz.com'],
    ['a percent escape', 'a@exa%41mple.com'],
    ['a slash', 'a@ex/ample.com'],
    ['a space in the domain', 'a@ex ample.com'],
    ['a space in the local part', 'a b@example.com'],
    ['two @', 'a@b@example.com'],
    ['no local part', '@example.com'],
    ['no @', 'example.com'],
    ['a bidi override', 'a@exa\u202emple.com'],
  ])('refuses %s', (_case, value) => {
    expect(canonicalEmail(value)).toBeNull();
  });

  it('converts domains exactly as Node’s url.domainToASCII does', () => {
    for (const domain of [
      'bücher.de',
      'gmáil.com',
      'straße.de',
      'EXAMPLE.com',
      'ｅｘａｍｐｌｅ.com',
      '例え.テスト',
      'xn--bcher-kva.de',
      'sub.domain.example.org',
    ])
      expect(domainToAsciiHost(domain)).toBe(domainToASCII(domain));
  });
});

describe('the shared e-mail schemas', () => {
  it('refuse an address mail cannot be sent to with the spec’s message', () => {
    for (const schema of [ZEmail, ZInviteEmail]) {
      const result = schema.safeParse('a@b.com.');
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.email);
      expect(VALIDATION_MESSAGES.email).toBe('Value is not a valid email address');
    }
  });

  it('accept IDN addresses and keep them as typed (normalized) for display', () => {
    expect(ZEmail.parse(' X@Bücher.de ')).toBe('x@bücher.de');
    expect(ZInviteEmail.parse('X@xn--bcher-kva.de')).toBe('x@xn--bcher-kva.de');
  });
});
