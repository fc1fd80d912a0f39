import { describe, expect, it } from 'vitest';
import {
  buildTrackingHeader,
  captureUtm,
  createDocumentCookieJar,
  decodeBase64Utf8,
  decodeTrackingHeader,
  detectDeviceType,
  encodeBase64Utf8,
  parseCookieString,
  parseUtm,
  readStoredUtm,
  storePixelRatio,
  type TCookieJar,
  type TCookieOptions,
} from '../../../renderer/client/tracking';

function memoryJar(): TCookieJar & { writes: { name: string; value: string; options?: TCookieOptions }[] } {
  const values = new Map<string, string>();
  const writes: { name: string; value: string; options?: TCookieOptions }[] = [];
  return {
    writes,
    get: (name) => values.get(name) ?? null,
    set: (name, value, options) => {
      writes.push({ name, value, options });
      values.set(name, value);
    },
    remove: (name) => {
      values.delete(name);
    },
  };
}

describe('tracking', () => {
  it('parses utm_* params only', () => {
    expect(parseUtm('?utm_source=news&utm_medium=email&ref=x&utm_campaign=xmas%20sale')).toEqual({
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'xmas sale',
    });
    expect(parseUtm('a=1')).toEqual({});
  });

  it('keeps captured utm in cookie vueUtm for 7 days and reads it back', () => {
    const jar = memoryJar();
    expect(captureUtm('?utm_source=ig', jar)).toEqual({ utm_source: 'ig' });
    expect(jar.writes[0]).toEqual({ name: 'vueUtm', value: '{"utm_source":"ig"}', options: { maxAgeMs: 604_800_000 } });
    // A later page without utm keeps the stored ones.
    expect(captureUtm('?q=1', jar)).toEqual({ utm_source: 'ig' });
    expect(jar.writes).toHaveLength(1);
    expect(readStoredUtm(jar)).toEqual({ utm_source: 'ig' });
  });

  it('ignores a corrupt utm cookie', () => {
    const jar = memoryJar();
    jar.set('vueUtm', '{not json', {});
    expect(readStoredUtm(jar)).toEqual({});
  });

  it('stores the pixel ratio for 365 days', () => {
    const jar = memoryJar();
    storePixelRatio(jar, 2.625);
    expect(jar.writes[0]?.value).toBe('2.63');
    expect(jar.writes[0]?.options?.maxAgeMs).toBe(365 * 86_400_000);
  });

  it('document cookie jar serialises max-age and expires and parses document.cookie', () => {
    let written = '';
    const jar = createDocumentCookieJar({
      read: () => 'a=1; vueUtm=%7B%22utm_source%22%3A%22x%22%7D; b=2',
      write: (cookie) => {
        written = cookie;
      },
      now: () => Date.UTC(2024, 0, 1),
    });
    expect(jar.get('vueUtm')).toBe('{"utm_source":"x"}');
    expect(jar.get('missing')).toBeNull();
    jar.set('vueUtm', '{"a":"b"}', { maxAgeMs: 604_800_000 });
    expect(written).toContain('vueUtm=%7B%22a%22%3A%22b%22%7D');
    expect(written).toContain('Max-Age=604800');
    expect(written).toContain(`Expires=${new Date(Date.UTC(2024, 0, 8)).toUTCString()}`);
    expect(written).toContain('Path=/');
    expect(parseCookieString('x=1; x=2').get('x')).toBe('1');
  });

  it('base64 is UTF-8 safe', () => {
    const text = 'Grüße – 🎁 ünïcödé';
    const encoded = encodeBase64Utf8(text);
    expect(encoded).toBe(Buffer.from(text, 'utf8').toString('base64'));
    expect(decodeBase64Utf8(encoded)).toBe(text);
  });

  it('the tracking header round-trips', () => {
    const header = buildTrackingHeader({
      utm: { utm_source: 'newsletter', utm_campaign: 'Fêtes – 2024' },
      deviceType: 'mobile',
      appVersion: '1.2.3',
      experiments: { checkout: 'B' },
    });
    expect(header).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(Buffer.from(header, 'base64').toString('utf8'))).toEqual({
      utm: { utm_source: 'newsletter', utm_campaign: 'Fêtes – 2024' },
      deviceType: 'mobile',
      app: 'web',
      appVersion: '1.2.3',
      experiments: { checkout: 'B' },
    });
    expect(decodeTrackingHeader(header)?.utm.utm_campaign).toBe('Fêtes – 2024');
    expect(decodeTrackingHeader('%%%')).toBeNull();
  });

  it('detects the device type', () => {
    expect(detectDeviceType('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('mobile');
    expect(detectDeviceType('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(detectDeviceType('Mozilla/5.0 (Linux; Android 14; SM-X710)')).toBe('tablet');
    expect(detectDeviceType('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('desktop');
  });
});
