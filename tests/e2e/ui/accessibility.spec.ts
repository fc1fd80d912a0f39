/**
 * The accessibility sweep: every route of the route table that has a screen (read from
 * renderer/routes/screens.ts, so new screens join by themselves), plus the not-found page, opened
 * as a visitor and as a signed-in member, and the admin routes as support staff (the demo support
 * admin), who see them as they are. A route a guard keeps the actor out of shows the page the guard
 * sends them to (the log-in screen, or home), the same for every such route: one route per guard
 * is checked there. Screens an address's path alone does not reach (the family manager's screen for
 * a child, on the child's profile with ?manage=<tab>) are listed beside the routes and swept as the
 * member.
 */
import { expect, test as base, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_LOGIN, DEMO_SUPPORT_LOGIN, seedId } from '../../../prisma/seed';
import { DEMO_EXCHANGES, DEMO_PERSON_LINKS } from '../../../prisma/seed-exchanges';
import { DEMO_GROUPS } from '../../../prisma/seed-social';
import { MANAGE_TABS, manageHref } from '../../../renderer/features/family/manage-child-route';
import { fillPath } from '../../../renderer/routes/route-table';
import { listRenderedRoutes } from '../../../renderer/routes/screens';
import { expectAccessible } from '../pages/a11y';

const ANY_ID = seedId('user:sam');
const swept = listRenderedRoutes().filter((route) => route.hasScreen && !route.redirectTo && route.path !== '*');

/**
 * Real demo ids where the demo member has something to show, so the sweep judges the screens as
 * they are used (a group Dana owns, the exchange she organizes, Sam's list, her child), not only
 * their not-found states; any other id is Sam's.
 */
function idsFor(path: string): Record<string, string> {
  const known: Record<string, string> = {
    groupId: DEMO_GROUPS.family,
    exchangeId: DEMO_EXCHANGES.open,
    wishlistId: seedId('wish-list:sam-list'),
    userId: path.startsWith('/family-manager/') ? seedId('user:child:mia') : ANY_ID,
  };
  return new Proxy(known, { get: (target, name: string) => target[name] ?? ANY_ID });
}

function addressOf(path: string): string {
  return fillPath(path, idsFor(path));
}

/** Screens behind a query on a route's address, swept as the member: the demo member manages Mia. */
const MEMBER_ONLY_SCREENS = [
  ...MANAGE_TABS.map((tab) => ({
    label: `the family manager's ${tab} screen for a child`,
    address: manageHref(seedId('user:child:mia'), tab),
    testId: 'manage-child-screen',
  })),
  // A private link of a person without e-mail, opened elsewhere and not yet opened (issue 31).
  ...Object.entries(DEMO_PERSON_LINKS).map(([key, link]) => ({
    label: `the private link of a person without e-mail (${key})`,
    address: `/personal-link/?token=${link.token}`,
    testId: 'personal-link-state',
  })),
];

/** Who each signed-in actor is: the demo member, or the demo support admin (admin routes only). */
const SIGN_INS = {
  member: { login: DEMO_LOGIN, userId: seedId('user:demo') },
  support: { login: DEMO_SUPPORT_LOGIN, userId: seedId('user:support') },
} as const;

async function logIn(
  request: APIRequestContext,
  login: { email: string; password: string } = DEMO_LOGIN,
): Promise<string> {
  const answer = await request.post('/auth/v2/log-in/', {
    data: { email: login.email, password: login.password },
    headers: { 'content-type': 'application/json' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

type TActor = 'visitor' | 'member' | 'support';

/** The guards an actor is kept out by: such a route shows where the guard sends them instead. */
const KEPT_OUT: Record<TActor, readonly (string | null)[]> = {
  visitor: ['signedIn', 'known', 'admin'],
  member: ['admin'],
  support: [],
};

/**
 * What each actor is swept over: every screen they may open, and, of the routes a guard keeps them
 * out of, one per guard (they all show the same page: the log-in screen, or home); support staff
 * over the admin area only (elsewhere they are members like any other).
 */
function sweptFor(actor: TActor) {
  if (actor === 'support') return swept.filter((entry) => entry.guard === 'admin');
  const keptOut = KEPT_OUT[actor];
  const representatives = new Set(
    keptOut.map((guard) => swept.find((entry) => entry.guard === guard)?.name).filter(Boolean),
  );
  return swept.filter((entry) => !keptOut.includes(entry.guard) || representatives.has(entry.name));
}

/**
 * One browser page per actor, kept for the actor's whole sweep (the worker's fixture; the actors'
 * sweeps run one after another). Signing in (argon2 on the server), a fresh context and loading and
 * compiling the bundle again for each of ~240 screens cost about three times the judging itself; the
 * first screen loads the app, each next one is reached as the app's own links reach it (the router
 * follows the history) and judged once the router has settled (`html[data-route-state=updated]`).
 * A screen that changes who is signed in (log-out, switching identity) is followed by a fresh
 * sign-in before the next one; a failed test ends the worker, so the next one starts a fresh page.
 */
const test = base.extend<{ actor: TActor; sweepPage: Page }, { actorPages: (actor: TActor) => Promise<Page> }>({
  actor: ['visitor', { option: true }],
  actorPages: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use;
      let current = null as { actor: TActor; context: BrowserContext; page: Page } | null;
      await use(async (actor) => {
        if (current?.actor === actor) return current.page;
        await current?.context.close();
        const context = await browser.newContext({ baseURL, viewport });
        if (actor !== 'visitor') await signIn(context.request, actor);
        current = { actor, context, page: await context.newPage() };
        return current.page;
      });
      await current?.context.close();
    },
    { scope: 'worker' },
  ],
  sweepPage: async ({ actorPages, actor }, use) => {
    const page = await actorPages(actor);
    if (actor !== 'visitor' && page.url() !== 'about:blank') {
      const userId = await page.evaluate(() => {
        const stored = window.localStorage.getItem('identity');
        return stored ? ((JSON.parse(stored) as { identity?: { userId?: string } }).identity?.userId ?? null) : null;
      });
      if (userId !== SIGN_INS[actor].userId) {
        await signIn(page.context().request, actor);
        await page.goto('about:blank');
      }
    }
    await use(page);
  },
});

/** Signs the actor in (the refresh cookie lands in the context) with the terms accepted. */
async function signIn(request: APIRequestContext, actor: Exclude<TActor, 'visitor'>): Promise<void> {
  const token = await logIn(request, SIGN_INS[actor].login);
  // The signed-in actor accepts the terms (the terms dialog has its own tests), so each page below
  // is judged as it is, not behind the dialog.
  const accepted = await request.post(`/v1/users/${SIGN_INS[actor].userId}/terms-of-service`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: {},
  });
  expect(accepted.status()).toBe(204);
}

/** Opens an address: a full load for the first screen, then as the app's own links do. */
async function open(page: Page, address: string): Promise<void> {
  // Outside the app (first screen, or a page the server renders): a full load.
  const inApp = await page.evaluate(() => document.documentElement.dataset.routeState !== undefined);
  if (!inApp) {
    await page.goto(address);
    return;
  }
  await page.evaluate((to) => {
    document.documentElement.dataset.routeState = 'sweep';
    // A new history entry as react-router writes one (its key tells the app a navigation ended).
    const previous = (window.history.state ?? {}) as { idx?: number };
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (previous.idx ?? 0) + 1 };
    window.history.pushState(state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, address);
  await expect(page.locator('html')).toHaveAttribute('data-route-state', 'updated');
  await expect(page.locator('html')).toHaveAttribute('data-routing', 'false');
}

for (const actor of ['visitor', 'member', 'support'] as const) {
  test.describe(`accessibility as a ${actor}`, () => {
    test.use({ actor });

    for (const route of sweptFor(actor)) {
      test(`${route.path} (${route.name})`, async ({ sweepPage: page }) => {
        await open(page, addressOf(route.path));
        await expectAccessible(page, `${route.path} as a ${actor}`);
      });
    }

    if (actor === 'member') {
      for (const screen of MEMBER_ONLY_SCREENS) {
        test(`${screen.address} (${screen.label})`, async ({ sweepPage: page }) => {
          await open(page, screen.address);
          await expect(page.getByTestId(screen.testId)).toBeVisible();
          await expectAccessible(page, `${screen.address} as a ${actor}`);
        });
      }
    }

    test('the not-found page', async ({ sweepPage: page }) => {
      await open(page, '/no/such/page/');
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expectAccessible(page, `not-found as a ${actor}`);
    });
  });
}
