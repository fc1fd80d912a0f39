/**
 * A member's page rendered by the server (issue 27, server/http/member-pages.ts), with a render
 * module of the tests' own in place of the build's: it asks the app for `auth.me` through the fetch
 * the server hands it, with the access token the server issued, and renders the answer. So these
 * tests see, through the real server and database, whose data a page is rendered with, when the
 * server renders at all, and what the page and its headers carry. The build's own module (the real
 * screens) is driven in Chromium: tests/e2e/ui/member-pages.spec.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../server/contracts/roles';
import { MEMBER_RENDERS_AT_ONCE, RENDER_MODULE } from '../../../server/http/member-pages';
import { hashToken } from '../../../server/auth/sessions';
import { createMember, TEST_PASSWORD } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { HOME_PRELOADS, rendererDist } from '../../helpers/renderer-dist';
import { startTestServer, type TTestServer } from '../../helpers/server';

const COOKIE = 'gifting_rt';
/** What the tests' render module puts into the state it answers: markup must never close the script. */
const HOSTILE = '</script><script>window.hacked=1</script>';

/** A build folder with a shell, a preload table and the given render module source. */
function buildWith(renderModule: string): string {
  const dist = rendererDist('member-pages', HOME_PRELOADS);
  const file = path.join(dist, RENDER_MODULE);
  mkdirSync(path.dirname(file), { recursive: true });
  // The build's module is ESM (the project's package.json says so); this folder has none above it.
  writeFileSync(path.join(path.dirname(file), 'package.json'), '{"type":"module"}');
  writeFileSync(file, renderModule);
  return dist;
}

const ASKS_WHO_I_AM = `
export async function renderMemberPage({ href, accessToken, fetch }) {
  const answer = await fetch('/trpc/auth.me?batch=1&input=' + encodeURIComponent('{}'), {
    headers: { authorization: 'Bearer ' + accessToken, accept: 'application/json' },
  });
  const me = (await answer.json())[0].result.data;
  return {
    markup: '<main data-testid="rendered" data-user="' + me.userId + '">' + new URL(href).pathname + '</main>',
    state: { me, note: ${JSON.stringify(HOSTILE)} },
    userId: me.userId,
  };
}
`;

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({ RENDERER_DIST: buildWith(ASKS_WHO_I_AM) });
});

async function logIn(email: string, base = server.baseUrl): Promise<TestBrowser> {
  const client = new TestBrowser(base);
  const response = await client.post('/auth/v2/log-in/', { email, password: TEST_PASSWORD });
  expect(response.status).toBe(200);
  return client;
}

async function page(client: TestBrowser, url = '/home/'): Promise<{ html: string; headers: Headers }> {
  const answer = await client.get<string>(url, { bearer: null });
  expect(answer.status).toBe(200);
  return { html: String(answer.body), headers: answer.headers };
}

const isRendered = (html: string): boolean => html.includes('data-member-rendered=');
const ROOT_BEFORE_PAINT = '<link rel="expect" href="#root" blocking="render">';

/**
 * The module loads on the first member's page, which renders in the browser meanwhile: asks until
 * a page comes rendered (a few tries at most).
 */
async function renderedPage(client: TestBrowser, url = '/home/'): Promise<{ html: string; headers: Headers }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await page(client, url);
    if (isRendered(answer.html)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The page never came rendered by the server');
}

describe("a member's home rendered by the server", () => {
  it("comes with the member's own markup and data, kept by no cache", async () => {
    const member = await createMember(testDb());
    const client = await logIn(member.email);
    const { html, headers } = await renderedPage(client);
    // The module was handed a token of this member: the app answered it with their own account.
    expect(html).toContain(
      `<div id="root" data-member-rendered="/home/" data-member="${member.id}"><main data-testid="rendered" data-user="${member.id}">/home/</main></div>`,
    );
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(headers.get('vary')).toContain('cookie');
    // Its query cache follows as inert JSON that no markup in the data can close.
    const state = /<script id="member-state" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(state ?? 'null')).toMatchObject({ me: { userId: member.id }, note: HOSTILE });
    expect(html).not.toContain(HOSTILE);
    expect(html.match(/<script>/g)).toHaveLength(1); // the early refresh only
    // The page's styles apply from the first paint, not only load.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home-b2.css">');
    expect(html).not.toContain('rel="preload" as="style"');
    // And it is painted whole: not before its root is parsed.
    expect(html.indexOf(ROOT_BEFORE_PAINT)).toBeGreaterThan(0);
    expect(html.indexOf(ROOT_BEFORE_PAINT)).toBeLessThan(html.indexOf('</head>'));
  });

  it("renders each member's page with their own data only", async () => {
    const [first, second] = await Promise.all([createMember(testDb()), createMember(testDb())]);
    const [firstClient, secondClient] = await Promise.all([logIn(first.email), logIn(second.email)]);
    const [a, b] = await Promise.all([renderedPage(firstClient), renderedPage(secondClient)]);
    expect(a.html).toContain(`data-user="${first.id}"`);
    expect(a.html).not.toContain(second.id);
    expect(b.html).toContain(`data-user="${second.id}"`);
    expect(b.html).not.toContain(first.id);
  });

  it('leaves the sign-in as it was: the cookie is not rotated, and it refreshes as before', async () => {
    const member = await createMember(testDb());
    const client = await logIn(member.email);
    const raw = client.cookie(COOKIE)!;
    const { headers } = await renderedPage(client);
    expect(headers.getSetCookie()).toEqual([]);
    const token = await testDb().refreshToken.findUnique({ where: { tokenHash: hashToken(raw) } });
    expect(token?.usedAt).toBeNull();
    const refresh = await client.get<{ accessToken: string | null }>('/auth/v2/refresh-token/', { bearer: null });
    expect(refresh.status).toBe(200);
    expect(typeof refresh.body.accessToken).toBe('string');
  });

  it('the first page after the server starts renders in the browser while the module loads', async () => {
    const fresh = await startTestServer({ RENDERER_DIST: buildWith(ASKS_WHO_I_AM) });
    const member = await createMember(testDb());
    const client = await logIn(member.email, fresh.baseUrl);
    const first = await page(client);
    expect(isRendered(first.html)).toBe(false);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(isRendered((await renderedPage(client)).html)).toBe(true);
  });
});

describe('pages the server does not render', () => {
  it("a visitor's page, a page with a query, and the member's other pages", async () => {
    const member = await createMember(testDb());
    const client = await logIn(member.email);
    await renderedPage(client);
    expect(isRendered((await page(new TestBrowser(server.baseUrl))).html)).toBe(false);
    expect(isRendered((await page(client, '/home/?from=mail')).html)).toBe(false);
    const shop = (await page(client, '/shop/')).html;
    expect(isRendered(shop)).toBe(false);
    // An empty root holds no paint back.
    expect(shop).not.toContain(ROOT_BEFORE_PAINT);
  });

  it('a cookie that names no live sign-in: unknown, used, or logged out', async () => {
    const member = await createMember(testDb());
    const client = await logIn(member.email);
    await renderedPage(client);

    const stranger = new TestBrowser(server.baseUrl);
    stranger.setCookie(COOKIE, 'not-a-token');
    expect(isRendered((await page(stranger)).html)).toBe(false);

    // A token already exchanged (the browser holds its successor now).
    const used = client.cookie(COOKIE)!;
    await client.get('/auth/v2/refresh-token/', { bearer: null });
    const replay = new TestBrowser(server.baseUrl);
    replay.setCookie(COOKIE, used);
    expect(isRendered((await page(replay)).html)).toBe(false);
    expect(isRendered((await page(client)).html)).toBe(true);

    await client.post('/auth/v2/logout/');
    expect(isRendered((await page(client)).html)).toBe(false);
  });

  it("a staff member's impersonation: the page renders in the browser, where its banner is", async () => {
    const staff = await createMember(testDb(), { roles: [ROLES.supportAdmin] });
    const target = await createMember(testDb());
    const client = await logIn(staff.email);
    await renderedPage(client);
    const started = await client.post('/auth/v2/impersonate/', { uid: target.id, reason: 'Checking her home page' });
    expect(started.status).toBe(200);
    const { html } = await page(client);
    expect(isRendered(html)).toBe(false);
    expect(html).not.toContain(target.id);
  });
});

describe('a render that fails or is late', () => {
  it('answers the page that renders in the browser', async () => {
    const failing = await startTestServer({
      RENDERER_DIST: buildWith(`export async function renderMemberPage() { throw new Error('boom'); }`),
    });
    const late = await startTestServer({
      RENDERER_DIST: buildWith(`export function renderMemberPage() { return new Promise(() => {}); }`),
    });
    const member = await createMember(testDb());
    for (const target of [failing, late]) {
      const client = await logIn(member.email, target.baseUrl);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const { html, headers } = await page(client);
        expect(isRendered(html)).toBe(false);
        expect(html).toContain('<div id="root"></div>');
        expect(headers.get('cache-control')).toBe('no-cache');
      }
    }
  });
});

describe('renders at once', () => {
  it('are at most a few: a page asked for beyond them renders in the browser', async () => {
    // Each render waits for the test's signal, so all of them are in flight together.
    const busy = await startTestServer({
      RENDERER_DIST: buildWith(`
        export async function renderMemberPage({ accessToken, fetch }) {
          await new Promise((resolve) => setTimeout(resolve, 600));
          const answer = await fetch('/trpc/auth.me?batch=1&input=' + encodeURIComponent('{}'), {
            headers: { authorization: 'Bearer ' + accessToken },
          });
          const me = (await answer.json())[0].result.data;
          return { markup: '<main></main>', state: {}, userId: me.userId };
        }
      `),
    });
    const member = await createMember(testDb());
    const client = await logIn(member.email, busy.baseUrl);
    await renderedPage(client);
    const pages = await Promise.all(Array.from({ length: MEMBER_RENDERS_AT_ONCE + 2 }, () => page(client)));
    const rendered = pages.filter((answer) => isRendered(answer.html));
    expect(rendered).toHaveLength(MEMBER_RENDERS_AT_ONCE);
    // Once they are done, the next one renders again.
    expect(isRendered((await page(client)).html)).toBe(true);
  });
});

describe('the render module itself', () => {
  it('is not served to browsers', async () => {
    const answer = await fetch(`${server.baseUrl}/${RENDER_MODULE.split(path.sep).join('/')}`);
    expect(answer.status).toBe(404);
  });
});
