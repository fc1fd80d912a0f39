import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EARLY_REFRESH_SCRIPT, INTL_WARM_UP } from '../../../server/contracts/early-refresh';
import { CSP_DIRECTIVES, helmetOptions, securityHeaders } from '../../../server/http/security-headers';

describe('security headers (helmet, run once at start)', () => {
  const http = securityHeaders(helmetOptions({ publicUrl: 'http://localhost:3000' }));
  const https = securityHeaders(helmetOptions({ publicUrl: 'https://gifts.example' }));

  it('holds the policy helmet builds from our directives, and no upgrade-insecure-requests', () => {
    const csp = http['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    // Our files, and by their hashes the two fixed inline scripts of a page's head (no 'unsafe-inline'):
    // a signed-in browser's first refresh, and a visitor's prerendered page's locale warm-up.
    const hash = (script: string): string => createHash('sha256').update(script).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash(EARLY_REFRESH_SCRIPT)}' 'sha256-${hash(INTL_WARM_UP)}';`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    // One directive per entry of our list, no more (useDefaults: false).
    expect(csp!.split(';')).toHaveLength(Object.keys(CSP_DIRECTIVES).length);
  });

  it('sets the fixed headers, names in lower case, and the permissions policy helmet lacks', () => {
    expect(http).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    });
    for (const name of Object.keys(http)) expect(name).toBe(name.toLowerCase());
  });

  it('adds HSTS on https deployments only', () => {
    expect(http['strict-transport-security']).toBeUndefined();
    expect(https['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses options helmet refuses, at start', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { useDefaults: false, directives: {} } })).toThrow();
  });
});
