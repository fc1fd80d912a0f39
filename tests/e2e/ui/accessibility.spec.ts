/**
 * The accessibility sweep: every route of the route table that has a screen (read from
 * renderer/routes/screens.ts, so new screens join by themselves), plus the not-found page, opened
 * as a visitor and as a signed-in member. Guarded routes a visitor cannot see are checked where
 * they send the visitor (the log-in screen). The admin routes are also opened as support staff
 * (the demo support admin), who see them as they are.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_LOGIN, DEMO_SUPPORT_LOGIN, seedId } from '../../../prisma/seed';
import { DEMO_EXCHANGES } from '../../../prisma/seed-exchanges';
import { DEMO_GROUPS } from '../../../prisma/seed-social';
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

    // Support staff are swept over the admin area only; elsewhere they are members like any other.
    for (const route of actor === 'support' ? swept.filter((entry) => entry.guard === 'admin') : swept) {
      test(`${route.path} (${route.name})`, async ({ page }) => {
        await page.goto(addressOf(route.path));
        await expectAccessible(page, `${route.path} as a ${actor}`);
      });
    }

    test('the not-found page', async ({ page }) => {
      await page.goto('/no/such/page/');
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expectAccessible(page, `not-found as a ${actor}`);
    });
  });
}
