import { describe, expect, it } from 'vitest';
import { deepLinkFromArgv, parseDeepLink } from '../../../electron/deep-links';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('gifting:// deep links', () => {
  it('opens the admin pages it knows, with validated ids and searches', () => {
    const path = (link: string) => {
      const parsed = parseDeepLink(link);
      return parsed.ok && parsed.target.kind === 'navigate' ? parsed.target.path : parsed;
    };
    expect(path('gifting://admin/')).toBe('/admin/');
    expect(path('gifting://admin')).toBe('/admin/');
    expect(path('gifting://admin/auditlog')).toBe('/admin/auditlog/');
    expect(path('gifting://admin/finduser?q=Sam%20Rivera')).toBe('/admin/finduser/?q=Sam%20Rivera');
    expect(path('gifting://admin/finduser')).toBe('/admin/finduser/');
    expect(path(`gifting://admin/finduser/${ID.toUpperCase()}`)).toBe(`/admin/finduser/${ID}/`);
    expect(path(`gifting://admin/viewexchangedetails/${ID}`)).toBe(`/admin/viewexchangedetails/${ID}/`);
    expect(path(`gifting://admin/viewexchangedetails/${ID}/questions/`)).toBe(
      `/admin/viewexchangedetails/${ID}/questions/`,
    );
    expect(path(`gifting://admin/viewgroupdetails/${ID}/removed`)).toBe(
      `/admin/viewgroupdetails/${ID}/members/removed/`,
    );
    expect(path(`GIFTING://admin/viewgroupdetails/${ID}/invitations`)).toBe(
      `/admin/viewgroupdetails/${ID}/invitations/`,
    );
  });

  it('opens a support window for a member', () => {
    expect(parseDeepLink(`gifting://impersonate/${ID}`)).toEqual({
      ok: true,
      target: { kind: 'identity-window', userId: ID },
    });
  });

  it('refuses everything else before anything opens, saying why', () => {
    const cases: [unknown, string][] = [
      [undefined, 'not a link'],
      ['', 'not a link'],
      ['not a url', 'not a link'],
      [`https://gifts.example/admin/`, 'not a gifting:// link'],
      ['javascript:alert(1)', 'not a gifting:// link'],
      [`gifting://user:pw@admin/`, 'credentials or port in the link'],
      [`gifting://admin:8080/`, 'credentials or port in the link'],
      [`gifting://admin/#x`, 'unexpected fragment'],
      [`gifting://admin/finduser/not-a-uuid`, 'invalid member id'],
      [`gifting://admin/finduser/${ID}/more`, 'invalid member id'],
      [`gifting://admin/finduser?q=${'x'.repeat(101)}`, 'invalid search'],
      [`gifting://admin/finduser?q=a%0Ab`, 'invalid search'],
      [`gifting://admin/finduser?q=a&redirect=https://evil.example`, 'unexpected query parameters'],
      [`gifting://admin/viewexchangedetails/${ID}/draw`, 'unknown exchange tab'],
      [`gifting://admin/viewexchangedetails/../../etc`, 'unknown admin page'],
      [`gifting://admin/viewgroupdetails/${ID}/members`, 'unknown group tab'],
      [`gifting://admin/old-admin`, 'unknown admin page'],
      [`gifting://admin/viewexchangedetails/${ID}/events/x`, 'too many path segments'],
      [`gifting://admin/%2e%2e/x`, 'unknown admin page'],
      [`gifting://admin/a%2Fb`, 'malformed path'],
      [`gifting://admin/%E0%A4%A`, 'malformed path'],
      [`gifting://impersonate/${ID}?reason=x`, 'invalid member id'],
      [`gifting://impersonate/nobody`, 'invalid member id'],
      [`gifting://settings/`, 'unknown link'],
      [`gifting://admin/${'x'.repeat(3000)}`, 'too long'],
      ['gifting://admin/\u0007', 'control characters'],
    ];
    for (const [link, reason] of cases) expect(parseDeepLink(link), String(link)).toEqual({ ok: false, reason });
  });

  it('finds the link among the process arguments (Windows and Linux)', () => {
    expect(deepLinkFromArgv(['/opt/console', '--flag', `gifting://impersonate/${ID}`])).toBe(
      `gifting://impersonate/${ID}`,
    );
    expect(deepLinkFromArgv(['/opt/console', 'https://gifting.example/'])).toBeNull();
  });
});
