/**
 * The page preloads (issue 27): the build reads which screen each route shows from screens.ts's
 * source, and the server turns the build's table into `<link>` tags for a page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScreenModules } from '../../../scripts/lib/route-preloads';
import { SCREENS } from '../../../renderer/routes/screens';
import { createPreloadTags, type TRoutePreloads } from '../../../server/http/route-preloads';

const screensSource = readFileSync(path.join(__dirname, '../../../renderer/routes/screens.ts'), 'utf8');

describe('reading the screens from screens.ts', () => {
  const parsed = parseScreenModules(screensSource);

  it('finds every route the router has a screen for, and no other', () => {
    expect([...parsed.keys()].sort()).toEqual(Object.keys(SCREENS).sort());
  });

  it('finds the module each route loads', () => {
    for (const [name, module] of parsed) {
      expect(module, name).toMatch(/^features\/[\w/-]+$/);
      // The loader's own source names the module it imports.
      expect(String(SCREENS[name as keyof typeof SCREENS]), name).toContain(module);
    }
    expect(parsed.get('v2.home')).toBe('features/home/home-screen');
    expect(parsed.get('v2.authLogin')).toBe('features/auth/auth-screen');
  });
});

describe('the tags of a page', () => {
  const table: TRoutePreloads = {
    routes: [
      {
        path: '/home/',
        files: ['/assets/home-screen-a1.js', '/assets/shared-b2.js'],
        styles: ['/assets/home-c3.css'],
        member: { files: ['/assets/member-home-d4.js', '/assets/shared-b2.js'], styles: [] },
      },
      {
        path: '/exchanges/:exchangeId/',
        files: ['/assets/overview-e5.js'],
        styles: [],
        member: { files: [], styles: [] },
      },
      {
        path: '/evil/',
        files: ['/assets/x.js"><script>alert(1)</script>', 'https://elsewhere.test/a.js'],
        styles: [],
        member: { files: [], styles: [] },
      },
    ],
    member: { files: ['/assets/live-link-f6.js'], styles: [] },
  };
  const tagsFor = createPreloadTags(table);

  it("a visitor's page preloads its screen and its styles", () => {
    const tags = tagsFor('/home/', false);
    expect(tags).toContain('<link rel="modulepreload" crossorigin href="/assets/home-screen-a1.js">');
    expect(tags).toContain('<link rel="preload" as="style" crossorigin href="/assets/home-c3.css">');
    expect(tags).not.toContain('member-home');
    expect(tags).not.toContain('live-link');
  });

  it("a member's page adds the member's parts, each file once", () => {
    const tags = tagsFor('/home/', true);
    expect(tags).toContain('/assets/member-home-d4.js');
    expect(tags).toContain('/assets/live-link-f6.js');
    expect(tags.match(/shared-b2/g)).toHaveLength(1);
  });

  it('matches paths with parameters, and nothing for a path no route has', () => {
    expect(tagsFor('/exchanges/0d9f1c1e-6d2a-4f55-9a43-2d6b8f1e9a10/', false)).toContain('/assets/overview-e5.js');
    expect(tagsFor('/no/such/page/', false)).toBe('');
    expect(tagsFor('/no/such/page/', true)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/live-link-f6.js">',
    );
  });

  it('refuses a table the matcher cannot tell apart (the build fails on it)', () => {
    const part = { files: [], styles: [], member: { files: [], styles: [] } };
    expect(() =>
      createPreloadTags({
        routes: [
          { path: '/x/:a/', ...part },
          { path: '/x/:b/', ...part },
        ],
        member: part,
      }),
    ).toThrow();
  });

  it('writes only asset names of the build into the page', () => {
    expect(tagsFor('/evil/', false)).toBe('');
  });
});
