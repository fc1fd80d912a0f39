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
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_LOGIN, DEMO_SUPPORT_LOGIN, seedId } from '../../../prisma/seed';
import { DEMO_EXCHANGES } from '../../../prisma/seed-exchanges';
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
const MEMBER_ONLY_SCREENS = MANAGE_TABS.map((tab) => ({
  label: `the family manager's ${tab} screen for a child`,
  address: manageHref(seedId('user:child:mia'), tab),
  testId: 'manage-child-screen',
}));

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

for (const actor of ['visitor', 'member', 'support'] as const) {
  test.describe(`accessibility as a ${actor}`, () => {
    test.beforeAll(async ({ request }) => {
      if (actor === 'visitor') return;
      // The signed-in actor accepts the terms once (the terms dialog has its own tests), so each
      // page below is judged as it is, not behind the dialog.
      const token = await logIn(request, SIGN_INS[actor].login);
      const accepted = await request.post(`/v1/users/${SIGN_INS[actor].userId}/terms-of-service`, {
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        data: {},
      });
      expect(accepted.status()).toBe(204);
    });

    test.beforeEach(async ({ page }) => {
      if (actor !== 'visitor') await logIn(page.request, SIGN_INS[actor].login);
    });

    for (const route of sweptFor(actor)) {
      test(`${route.path} (${route.name})`, async ({ page }) => {
        await page.goto(addressOf(route.path));
        await expectAccessible(page, `${route.path} as a ${actor}`);
      });
    }

    if (actor === 'member') {
      for (const screen of MEMBER_ONLY_SCREENS) {
        test(`${screen.address} (${screen.label})`, async ({ page }) => {
          await page.goto(screen.address);
          await expect(page.getByTestId(screen.testId)).toBeVisible();
          await expectAccessible(page, `${screen.address} as a ${actor}`);
        });
      }
    }

    test('the not-found page', async ({ page }) => {
      await page.goto('/no/such/page/');
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expectAccessible(page, `not-found as a ${actor}`);
    });
  });
}
