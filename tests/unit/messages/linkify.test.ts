import { describe, expect, it } from 'vitest';
import { linkify, safeHttpUrl, type TTextPart } from '../../../renderer/features/messages/linkify';

function joined(parts: TTextPart[]): string {
  return parts.map((part) => part.text).join('');
}

function links(parts: TTextPart[]): string[] {
  return parts.flatMap((part) => (part.kind === 'link' ? [part.url] : []));
}

describe('linkify', () => {
  it('keeps plain text as one text part', () => {
    expect(linkify('Hello there')).toEqual([{ kind: 'text', text: 'Hello there' }]);
    expect(linkify('')).toEqual([]);
  });

  it('picks out http and https addresses, in order, losing nothing', () => {
    const text = 'Look: https://shop.example/scarf?id=1&c=red and http://other.example/ too';
    const parts = linkify(text);
    expect(parts).toEqual([
      { kind: 'text', text: 'Look: ' },
      { kind: 'link', text: 'https://shop.example/scarf?id=1&c=red', url: 'https://shop.example/scarf?id=1&c=red' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://other.example/', url: 'http://other.example/' },
      { kind: 'text', text: ' too' },
    ]);
    expect(joined(parts)).toBe(text);
  });

  it('keeps line breaks in the text parts', () => {
    const text = 'First line\nhttps://a.example/x\n\nLast line';
    const parts = linkify(text);
    expect(joined(parts)).toBe(text);
    expect(parts[0]).toEqual({ kind: 'text', text: 'First line\n' });
    expect(parts[2]).toEqual({ kind: 'text', text: '\n\nLast line' });
  });

  it('never makes links of other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'mailto:someone@example.com',
      'ftp://files.example/a',
      '<a href="javascript:alert(1)">x</a>',
    ]) {
      const parts = linkify(text);
      expect(links(parts)).toEqual([]);
      expect(joined(parts)).toBe(text);
    }
  });

  it('does not start a link in the middle of a word', () => {
    expect(links(linkify('xhttps://evil.example'))).toEqual([]);
  });

  it('leaves sentence punctuation and unmatched brackets outside the link', () => {
    expect(links(linkify('See https://a.example/x.'))).toEqual(['https://a.example/x']);
    expect(links(linkify('Really? https://a.example/x?!'))).toEqual(['https://a.example/x']);
    expect(links(linkify('(see https://a.example/x)'))).toEqual(['https://a.example/x']);
    expect(links(linkify('https://en.wikipedia.example/wiki/Gift_(present)'))).toEqual([
      'https://en.wikipedia.example/wiki/Gift_(present)',
    ]);
    const text = 'Wow (https://a.example/y), nice.';
    expect(joined(linkify(text))).toBe(text);
  });

  it('stops at quotes and angle brackets', () => {
    const parts = linkify('<https://a.example/z> "https://b.example/q"');
    expect(links(parts)).toEqual(['https://a.example/z', 'https://b.example/q']);
  });

  it('keeps bare schemes, credentials and overlong addresses as text', () => {
    expect(links(linkify('https:// and http://'))).toEqual([]);
    expect(links(linkify('https://bank.example@evil.example/login'))).toEqual([]);
    const long = `https://a.example/${'x'.repeat(2100)}`;
    expect(links(linkify(long))).toEqual([]);
    expect(joined(linkify(long))).toBe(long);
  });
});

describe('safeHttpUrl', () => {
  it('answers the normalised address of an http(s) URL, else null', () => {
    expect(safeHttpUrl('HTTPS://Shop.Example/A')).toBe('https://shop.example/A');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
  });
});
