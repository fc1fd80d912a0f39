/**
 * A page's HTML names the code that page needs (issue 27), from the build's route-preloads.json:
 * the screen's chunks for everyone, the member's parts only with the refresh cookie, nothing on a
 * page the table does not know or when the app shows its error page instead.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EARLY_REFRESH_SCRIPT } from '../../../server/contracts/early-refresh';
import type { TRoutePreloads } from '../../../server/http/route-preloads';
import { HOME_PRELOADS, rendererDist } from '../../helpers/renderer-dist';
import { startTestServer, type TTestServer } from '../../helpers/server';

const table: TRoutePreloads = {
  routes: [
    ...HOME_PRELOADS.routes,
    { path: '/u/:userId/', files: ['/assets/profile-d4.js'], styles: [], member: { files: [], styles: [] } },
  ],
  member: { files: ['/assets/live-link-e5.js'], styles: [] },
};
const dist = rendererDist('preloads', table);

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({ RENDERER_DIST: dist });
});

const page = async (url: string, cookie?: string): Promise<string> => {
  const answer = await fetch(`${server.baseUrl}${url}`, { headers: cookie ? { cookie } : {} });
  expect(answer.status).toBe(200);
  // What the page preloads depends on the cookie: a shared cache must not mix the two.
  expect(answer.headers.get('vary')).toContain('cookie');
  return answer.text();
};
const head = (html: string): string => html.slice(0, html.indexOf('</head>'));

describe("a page's preloads", () => {
  it("a visitor's page preloads its screen in the head", async () => {
    const html = head(await page('/home/'));
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-screen-a1.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/home-b2.css">');
    expect(html).not.toContain('member-home');
    expect(html).not.toContain('live-link');
  });

  it("a signed-in browser's page also preloads the member's parts", async () => {
    const html = head(await page('/home/', 'gifting_rt=anything'));
    expect(html).toContain('/assets/home-screen-a1.js');
    expect(html).toContain('/assets/member-home-c3.js');
    expect(html).toContain('/assets/live-link-e5.js');
  });

  it('matches routes with parameters; an unknown page preloads nothing', async () => {
    expect(head(await page('/u/0d9f1c1e-6d2a-4f55-9a43-2d6b8f1e9a10/'))).toContain('/assets/profile-d4.js');
    expect(await page('/no/such/page/')).not.toContain('modulepreload');
  });
});

describe("a signed-in browser's first refresh", () => {
  const inline = `<script>${EARLY_REFRESH_SCRIPT}</script>`;

  it('starts from the top of the head, before the stylesheet and the scripts', async () => {
    const html = await page('/home/', 'gifting_rt=anything');
    expect(html).toContain(`<head><meta charset="UTF-8" />${inline}<title>`);
    // The only inline script that runs (the initial state is inert JSON).
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it("is not on a visitor's page, which has nothing to refresh", async () => {
    const html = await page('/home/');
    expect(html).not.toContain(inline);
    expect(html).not.toContain('<script>');
  });
});
