/**
 * Open-redirect payloads against /actions/redirect/ and /external-redirect/: wherever the page
 * would go on its own (the internal path it navigates to, or the link redirector it leaves
 * through, whose answer decides the rest), the browser ends up on this site or on an allowlisted
 * merchant host; everything else stops at an interstitial or an error state. The page's choice
 * (redirectTargetOf) and the server's answer (resolveClick) are composed here as the browser
 * would meet them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redirectTargetOf } from '../../../renderer/features/actions/redirect-target';
import { isAllowedHost, resolveClick } from '../../../server/services/links/resolve-click';

const SITE = 'https://gifting.test';
const ALLOWLIST = ['etsy.com', 'amazon.com'];

type TLanding = { kind: 'site'; url: URL } | { kind: 'merchant'; url: URL } | { kind: 'app' } | { kind: 'stopped' };

/** Where a visitor of `/actions/redirect/?url=<raw>` lands without clicking anything. */
function landing(raw: string): TLanding {
  const target = redirectTargetOf(raw);
  if (target.kind === 'invalid') return { kind: 'stopped' };
  if (target.kind === 'internal') return { kind: 'site', url: new URL(target.path, `${SITE}/`) };
  // The page goes to the link redirector (a path of this site) after its short wait.
  const via = new URL(target.leaveVia, `${SITE}/`);
  if (via.origin !== SITE || via.pathname !== '/v1/links/click') return { kind: 'site', url: via };
  const resolution = resolveClick(via.searchParams.get('url') ?? '', ALLOWLIST);
  if (resolution.kind === 'interstitial') return { kind: 'stopped' };
  if (resolution.target.startsWith('gifting://')) return { kind: 'app' };
  return { kind: 'merchant', url: new URL(resolution.target) };
}

function expectSafe(raw: string): void {
  const where = landing(raw);
  if (where.kind === 'site') expect(where.url.origin, raw).toBe(SITE);
  if (where.kind === 'merchant') {
    expect(['http:', 'https:', 'ftp:'], raw).toContain(where.url.protocol);
    expect(isAllowedHost(where.url.hostname, ALLOWLIST), raw).toBe(true);
    expect(where.url.username + where.url.password, raw).toBe('');
  }
}

const PAYLOADS = [
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/%2F%2Fevil.example',
  '/%252F%252Fevil.example',
  '/%5Cevil.example',
  '%2F%2Fevil.example',
  'https:evil.example',
  'https:/evil.example',
  'http://evil.example',
  'https://evil.example/',
  'HTTPS://EVIL.EXAMPLE',
  'https://etsy.com.evil.example/',
  'https://evil.example/etsy.com',
  'https://evil.example?etsy.com',
  'https://etsy.com@evil.example/',
  'https://user:pw@etsy.com/',
  'https://evil.example#@etsy.com',
  'https://evil.example\\@etsy.com',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '/v1/links/click?url=https://evil.example',
  '/v1/links/click?url=%2F%2Fevil.example',
  '/actions/redirect/?url=https://evil.example',
  'https://%65vil.example',
  'https://evil%2Eexample',
  'https://xn--tsy-4na.com/',
  'https://etsy.com%2F@evil.example',
  'https://etsy.com%00.evil.example',
  '/\t/evil.example',
  '/ /evil.example',
  '',
  '   ',
];

describe('open redirects', () => {
  it.each(PAYLOADS)('never leaves this site or the allowlist for %j', (payload) => {
    expectSafe(payload);
  });

  it('lets the expected ones through: a path of this site, an allowlisted shop, the app scheme', () => {
    expect(landing('/wish-lists/')).toEqual({ kind: 'site', url: new URL('/wish-lists/', SITE) });
    const shop = landing('https://www.etsy.com/listing/1');
    expect(shop.kind).toBe('merchant');
    expect(landing('https://evil.example/')).toEqual({ kind: 'stopped' });
    expect(landing('javascript:alert(1)')).toEqual({ kind: 'stopped' });
    expect(landing('//evil.example')).toEqual({ kind: 'stopped' });
  });

  it('holds for any string (fuzzed)', () => {
    const interesting = fc.constantFrom(
      '/',
      '//',
      '\\',
      '%2F',
      '%5C',
      '@',
      '#',
      '?',
      ':',
      'http:',
      'https://',
      'javascript:',
      'evil.example',
      'etsy.com',
      '.',
      '%00',
      '\t',
      ' ',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(interesting, { maxLength: 8 }).map((parts) => parts.join('')),
        ),
        (raw) => {
          expectSafe(raw);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
