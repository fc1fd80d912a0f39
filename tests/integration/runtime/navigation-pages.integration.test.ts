/**
 * Pages for browser navigations the renderer does not serve (issue 26): an /auth/v2 staff link
 * followed without its `uid` reads as a page in the app's look while API clients keep their JSON,
 * and the retired old-admin addresses explain where each tool lives now instead of "Page not found".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, type TTestServer } from '../../helpers/server';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
const browser = (): TestBrowser => new TestBrowser(server.baseUrl);
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('browser navigations that need a page', () => {
  it('an impersonation or switch link without a uid answers a page to a browser, JSON to an API client', async () => {
    for (const path of ['/auth/v2/impersonate/', '/auth/v2/switch/']) {
      const page = await browser().request<string>('GET', path, { headers: NAVIGATION });
      expect(page.status, path).toBe(400);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.body).toContain('<h1>This link is incomplete</h1>');
      expect(page.body).toContain('href="/admin/finduser/"');
      const api = await browser().request<{ error: { code: string } }>('GET', path, {
        headers: { accept: 'application/json' },
      });
      expect(api.status).toBe(400);
      expect(api.headers.get('content-type')).toMatch(/^application\/json/);
      expect(api.body.error.code).toBe('VALIDATION');
    }
    // With a uid, the link still leads on to the confirmation screen.
    const fine = await browser().request('GET', '/auth/v2/switch/?uid=00000000-0000-4000-8000-000000000000', {
      headers: NAVIGATION,
    });
    expect(fine.status).toBe(302);
  });

  it('old-admin addresses explain that the old tools are retired and where they are now', async () => {
    for (const path of ['/old-admin/', '/old-admin/coupons/', '/old-admin/coupons/42/']) {
      const page = await browser().request<string>('GET', path, { headers: NAVIGATION });
      expect(page.status, path).toBe(410);
      expect(page.body).toContain('The old admin tools are retired');
      expect(page.body).toContain('href="/admin/finduser/"');
    }
    const named = await browser().request<string>('GET', '/old-admin/coupons/42/', { headers: NAVIGATION });
    expect(named.body).toContain('“coupons” was a page of the old admin app');
    // Escaped: an address cannot inject markup into the page.
    const hostile = await browser().request<string>('GET', '/old-admin/%3Cscript%3Ex%3C%2Fscript%3E/', {
      headers: NAVIGATION,
    });
    expect(hostile.body).not.toContain('<script>x');
  });
});
