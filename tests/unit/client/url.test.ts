import { describe, expect, it, vi } from 'vitest';
import { UrlMissingParamsError } from '../../../renderer/client/errors';
import {
  downloadImage,
  ensureTrailingSlash,
  fillPath,
  imageExtension,
  isAppSchemeLink,
  isOpenableUrl,
  replaceEnDash,
  safeReturnUrl,
  unwrapClickUrl,
  urlSection,
  type TBlobRequester,
} from '../../../renderer/client/url';

describe('url helpers', () => {
  it('replaces the en dash with a hyphen', () => {
    expect(replaceEnDash('/v1/gift-guides/men\u2013gifts/\u2013x')).toBe('/v1/gift-guides/men-gifts/-x');
    expect(replaceEnDash('/plain-path/')).toBe('/plain-path/');
  });

  it('recognises app-scheme links and openable urls', () => {
    expect(isAppSchemeLink('elfgifts://wish/1')).toBe(true);
    expect(isAppSchemeLink('ELFGIFTS:home')).toBe(true);
    expect(isAppSchemeLink('https://example.com')).toBe(false);
    expect(isAppSchemeLink(null)).toBe(false);
    expect(isOpenableUrl('https://example.com/a')).toBe(true);
    expect(isOpenableUrl('ftp://example.com/a')).toBe(true);
    expect(isOpenableUrl('elfgifts://wish/1')).toBe(true);
    expect(isOpenableUrl('javascript:alert(1)')).toBe(false);
    expect(isOpenableUrl('not a url')).toBe(false);
  });

  it('detects the analytics section', () => {
    expect(urlSection('https://x.example/shop/gift-guides/1/')).toBe('gift-guide');
    expect(urlSection('/shop/search/?q=a')).toBe('gift-guide');
    expect(urlSection('/search/?q=socks')).toBe('search');
    expect(urlSection('/profile/abc/wish-lists/')).toBe('wish');
    expect(urlSection('/shop')).toBe('wish');
  });

  it('ensures a trailing slash before query and hash', () => {
    expect(ensureTrailingSlash('/home')).toBe('/home/');
    expect(ensureTrailingSlash('/home/')).toBe('/home/');
    expect(ensureTrailingSlash('/a?b=1#c')).toBe('/a/?b=1#c');
  });

  it('fills path params and raises UrlMissingParamsError when one is missing', () => {
    expect(fillPath('/profile/:userId/wish-lists/:wishlistId/', { userId: 'u 1', wishlistId: 7 })).toBe(
      '/profile/u%201/wish-lists/7/',
    );
    expect(() => fillPath('/profile/:userId/', {})).toThrow(UrlMissingParamsError);
    expect(() => fillPath('/profile/:userId/', { userId: '' })).toThrow('Url is missing params');
  });

  it('unwraps the link redirector', () => {
    expect(unwrapClickUrl('/v1/links/click?url=https%3A%2F%2Fshop.example%2Fp%2F1')).toBe('https://shop.example/p/1');
    expect(unwrapClickUrl('https://api.example/v1/links/click/?url=https://a.example/')).toBe('https://a.example/');
    expect(unwrapClickUrl('/v1/other?url=x')).toBe('/v1/other?url=x');
  });

  describe('safeReturnUrl', () => {
    const payloads = [
      '//evil.example',
      '/\\evil.example',
      'https:evil.example',
      '%2F%2Fevil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/%5cevil.example',
      '/%252F%252Fevil.example',
      'javascript:alert(1)',
      '\t//evil.example',
      '/\t/evil.example',
      '/%09/evil.example',
      ' /home/',
      '/\n/evil.example',
      'http://evil.example',
      'https://evil.example/home/',
      '///evil.example',
      '\\\\evil.example',
      '/home/\\..\\evil',
      '/%E0%A4%A', // malformed escape
      'home/',
      '',
    ];
    it.each(payloads)('rejects %j', (payload) => {
      expect(safeReturnUrl(payload)).toBe('/home/');
    });

    it('keeps same-site relative paths', () => {
      expect(safeReturnUrl('/gift-exchanges/?tab=1#x')).toBe('/gift-exchanges/?tab=1#x');
      expect(safeReturnUrl('/search/?q=a%20b&next=%2F%2Fx')).toBe('/search/?q=a%20b&next=%2F%2Fx');
      expect(safeReturnUrl('/')).toBe('/');
    });

    it('uses the given fallback and rejects non-strings', () => {
      expect(safeReturnUrl('//evil.example', '/wish-lists/')).toBe('/wish-lists/');
      expect(safeReturnUrl(undefined)).toBe('/home/');
      expect(safeReturnUrl(42)).toBe('/home/');
    });
  });

  it('maps image content types to extensions, jpg by default', () => {
    expect(imageExtension('image/gif')).toBe('gif');
    expect(imageExtension('image/jpeg')).toBe('jpg');
    expect(imageExtension('image/png; charset=binary')).toBe('png');
    expect(imageExtension('image/svg+xml')).toBe('svg');
    expect(imageExtension('image/tiff')).toBe('tiff');
    expect(imageExtension('image/x-icon')).toBe('ico');
    expect(imageExtension('image/vnd.microsoft.icon')).toBe('ico');
    expect(imageExtension('image/vnd.wap.wbmp')).toBe('wbmp');
    expect(imageExtension('IMAGE/WEBP')).toBe('webp');
    expect(imageExtension('application/octet-stream')).toBe('jpg');
    expect(imageExtension(null)).toBe('jpg');
  });

  it('downloads an image as a blob with no-cache headers', async () => {
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' });
    const requestWithMeta = vi.fn(async () => ({ data: blob, headers: new Headers({ 'content-type': 'image/webp' }) }));
    const requester = { requestWithMeta } as unknown as TBlobRequester;
    const result = await downloadImage(requester, 'https://cdn.example/i/1');
    expect(result.extension).toBe('webp');
    expect(result.blob).toBe(blob);
    expect(requestWithMeta).toHaveBeenCalledWith({
      method: 'GET',
      url: 'https://cdn.example/i/1',
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
      responseType: 'blob',
    });
  });
});
