/**
 * The social screens: follow links from e-mails (a plain link acts only on a click; a signed link
 * that does not hold changes nothing and asks), a direct chat started from `?to=`, written with the
 * send button and with Enter, read by the other person (unread counts, then read) and answered
 * live; reminders, activity, the member's home sections and the notifications bell. axe checks
 * each state.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../pages/a11y';
import { Shell } from '../pages/auth-pages';
import { startNetworkDrop } from '../pages/network-drop';
import { signUpFreshMember } from '../pages/runtime-pages';

interface TMember {
  page: Page;
  userId: string;
  context: BrowserContext;
}

async function member(browser: Browser, baseURL: string | undefined, label: string): Promise<TMember> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { userId } = await signUpFreshMember(page, baseURL ?? '', label);
  await page.goto('/home/');
  await new Shell(page).acceptTermsIfShown();
  return { page, userId, context };
}

async function follow(who: TMember, whom: TMember): Promise<void> {
  await who.page.goto(`/actions/follow/${whom.userId}/`);
  await expect(who.page.getByRole('heading', { level: 1, name: 'Follow someone' })).toBeVisible();
  await who.page.getByTestId('follow-action-button').click();
  await expect(who.page.getByTestId('follow-action-done')).toContainText('You now follow');
}

test.describe('social', () => {
  test('a plain follow link acts on a click; a forged one changes nothing and asks', async ({ browser, baseURL }) => {
    const ann = await member(browser, baseURL, 'follow-ann');
    const ben = await member(browser, baseURL, 'follow-ben');

    // Forged: the screen says why, nothing happened, the one button is there.
    await ann.page.goto(`/actions/follow/${ben.userId}/?u=${ann.userId}&e=4102444800&s=forged`);
    await expect(ann.page.getByTestId('follow-action-reason')).toContainText('This link is not valid');
    await expect(ann.page.getByTestId('follow-action-button')).toBeVisible();
    await expectAccessible(ann.page);
    await ann.page.reload();
    await expect(ann.page.getByTestId('follow-action-button')).toBeVisible();

    // Plain: one button, then done.
    await ann.page.goto(`/actions/follow/${ben.userId}/`);
    await expect(ann.page.getByTestId('follow-action-reason')).toHaveCount(0);
    await expectAccessible(ann.page);
    await ann.page.getByTestId('follow-action-button').click();
    await expect(ann.page.getByTestId('follow-action-done')).toContainText('You now follow');
    await expectAccessible(ann.page);

    // And back with the unfollow link.
    await ann.page.goto(`/actions/unfollow/${ben.userId}/`);
    await ann.page.getByTestId('follow-action-button').click();
    await expect(ann.page.getByTestId('follow-action-done')).toContainText('You unfollowed');

    // A group-discussion link that does not hold asks a visitor to log in.
    const visitor = await browser.newContext({ baseURL });
    const stranger = await visitor.newPage();
    await stranger.goto(`/actions/topic-unsubscribe/${randomUUID()}/?u=${ann.userId}&e=1&s=forged`);
    await expect(stranger.getByRole('heading', { level: 1, name: 'Group discussion e-mails' })).toBeVisible();
    await expect(stranger.getByTestId('topic-unsubscribe-log-in')).toHaveAttribute('href', /\/a\/log-in\/\?returnurl=/);
    await expectAccessible(stranger);

    await Promise.all([ann.context.close(), ben.context.close(), visitor.close()]);
  });

  test('two members chat: ?to= opens the chat, unread counts, Enter sends, replies arrive live', async ({
    browser,
    baseURL,
  }) => {
    const ann = await member(browser, baseURL, 'chat-ann');
    const ben = await member(browser, baseURL, 'chat-ben');
    await follow(ann, ben);
    await follow(ben, ann);

    // Ann opens the chat from Ben's address.
    await ann.page.goto(`/messages/chats/?to=${ben.userId}`);
    await expect(ann.page).toHaveURL(/\/messages\/chats\/\?conversation=[0-9a-f-]{36}$/);
    const annThread = ann.page.getByTestId('chat-thread');
    await expect(annThread.getByTestId('chat-empty')).toBeVisible();
    await expectAccessible(ann.page);

    // The send button, with a link in the text; then Enter.
    await ann.page.getByTestId('chat-input').fill('Hello Ben!\nSocks? https://example.com/socks.');
    await ann.page.getByTestId('chat-send').click();
    await expect(annThread.getByTestId('chat-message')).toHaveCount(1);
    const link = annThread.getByRole('link', { name: 'https://example.com/socks' });
    await expect(link).toHaveAttribute(
      'href',
      `/v1/links/click?url=${encodeURIComponent('https://example.com/socks')}`,
    );
    await expect(link).toHaveAttribute('target', '_blank');
    await ann.page.getByTestId('chat-input').fill('Second one');
    await ann.page.getByTestId('chat-input').press('Enter');
    await expect(annThread.getByTestId('chat-message')).toHaveCount(2);
    await expect(ann.page.getByTestId('chat-input')).toHaveValue('');
    await expectAccessible(ann.page);

    // Ben sees two unread, opens the chat, and they are read.
    await ben.page.goto('/messages/');
    const row = ben.page.getByTestId('chat-list').locator('[data-testid^="conversation-"]');
    await expect(row).toHaveAttribute('data-unread', '2');
    await expect(ben.page.getByTestId('header-messages')).toHaveAttribute('aria-label', 'Messages, 2 unread');
    await expectAccessible(ben.page);
    await row.click();
    const benThread = ben.page.getByTestId('chat-thread');
    await expect(benThread.getByTestId('chat-message')).toHaveCount(2);
    await expect(row).toHaveAttribute('data-unread', '0');

    // Live both ways, no reload.
    await ann.page.getByTestId('chat-input').fill('Are you there?');
    await ann.page.getByTestId('chat-input').press('Enter');
    await expect(benThread.getByTestId('chat-message')).toHaveCount(3, { timeout: 60_000 });
    await ben.page.getByTestId('chat-input').fill('Yes! Blue ones please.');
    await ben.page.getByTestId('chat-input').press('Enter');
    await expect(annThread.getByTestId('chat-message')).toHaveCount(4, { timeout: 60_000 });
    await expect(annThread.getByTestId('chat-message').last()).toContainText('Blue ones please.');

    // Writing on while a message is on its way (its answer held back here): the next one stays in
    // the box, and its Enter sends it right after, in order. The first answer used to empty the box.
    const annInput = ann.page.getByTestId('chat-input');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await ann.page.route(
      '**/trpc/*messages.send*',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await annInput.fill('On my way');
    await annInput.press('Enter');
    await annInput.fill('With socks');
    await annInput.press('Enter');
    release();
    await expect(annThread.getByTestId('chat-message')).toHaveCount(6);
    await expect(annThread.getByTestId('chat-message').nth(4)).toContainText('On my way');
    await expect(annThread.getByTestId('chat-message').nth(5)).toContainText('With socks');
    await expect(annInput).toHaveValue('');
    await expect(benThread.getByTestId('chat-message')).toHaveCount(6, { timeout: 60_000 });

    await Promise.all([ann.context.close(), ben.context.close()]);
  });

  test('a chat open across a dropped connection shows what was written meanwhile, and the bell too', async ({
    browser,
    baseURL,
  }) => {
    // Ben's whole traffic goes through a network that can drop.
    const network = await startNetworkDrop(baseURL ?? '');
    const ann = await member(browser, baseURL, 'drop-ann');
    const ben = await member(browser, network.url, 'drop-ben');
    await follow(ann, ben);
    await follow(ben, ann);
    await ann.page.goto(`/messages/chats/?to=${ben.userId}`);
    await expect(ann.page).toHaveURL(/\/messages\/chats\/\?conversation=[0-9a-f-]{36}$/);
    const conversationId = new URL(ann.page.url()).searchParams.get('conversation')!;
    await ann.page.getByTestId('chat-input').fill('Before the drop');
    await ann.page.getByTestId('chat-input').press('Enter');

    // Ben's live streams count the events with an id (SSE `id:` lines) each has delivered: tRPC's
    // first event (`connected`) has none, and a stream cut before its first id reconnects without
    // Last-Event-ID. They run on the browser's own EventSource (renderer/live-link.ts).
    await ben.context.addInitScript(() => {
      const live = window as unknown as { __liveIds: Record<string, number> };
      live.__liveIds = {};
      const Native = window.EventSource;
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          const stream = /onMessage|onNotification/.exec(String(url))?.[0];
          if (stream)
            this.addEventListener('message', (event) => {
              if (event.lastEventId) live.__liveIds[stream] = (live.__liveIds[stream] ?? 0) + 1;
            });
        }
      };
    });

    // Ben's thread is open; his live streams have delivered nothing yet.
    const streams = ['messages.onMessage', 'notifications.onNotification'];
    const opened = streams.map((name) => ben.page.waitForRequest((request) => request.url().includes(name)));
    await ben.page.goto(`/messages/chats/?conversation=${conversationId}`);
    await Promise.all(opened);
    const benThread = ben.page.getByTestId('chat-thread');
    await expect(benThread.getByTestId('chat-message')).toHaveCount(1);
    // Both streams are connected and positioned (each delivered an event with an id: the position
    // the server sends once started) before the network drops.
    await ben.page.waitForFunction(() => {
      const ids = (window as unknown as { __liveIds: Record<string, number> }).__liveIds;
      return (ids.onMessage ?? 0) > 0 && (ids.onNotification ?? 0) > 0;
    });

    // Ben's network drops (his open streams are reset); meanwhile Ann writes and a new follower comes.
    network.drop();
    await ann.page.getByTestId('chat-input').fill('While you were offline');
    await ann.page.getByTestId('chat-input').press('Enter');
    await expect(ann.page.getByTestId('chat-thread').getByTestId('chat-message')).toHaveCount(2);
    const fan = await member(browser, baseURL, 'drop-fan');
    await follow(fan, ben);
    // Both are committed (Ann's thread shows her message, the follow answered); Ben, offline, has neither.
    await expect(benThread.getByTestId('chat-message')).toHaveCount(1);

    // Back: each stream reconnects from the position it had (the browser's Last-Event-ID, or the
    // retry link's `lastEventId` when the browser gave the stream up), and the page shows what it
    // missed without a reload.
    const resumed = streams.map((name) =>
      ben.page.waitForRequest(
        async (request) =>
          request.url().includes(name) &&
          (Boolean((await request.allHeaders())['last-event-id']) ||
            decodeURIComponent(request.url()).includes('"lastEventId"')),
        { timeout: 60_000 },
      ),
    );
    network.back();
    await Promise.all(resumed);
    await expect(benThread.getByTestId('chat-message')).toHaveCount(2, { timeout: 60_000 });
    await expect(benThread.getByTestId('chat-message').last()).toContainText('While you were offline');
    await ben.page.getByTestId('notifications-bell').click();
    await expect(ben.page.getByTestId('notifications-menu')).toContainText('started following you');

    await Promise.all([ann.context.close(), ben.context.close(), fan.context.close()]);
    await network.close();
  });

  test('a member sees reminders, activity, their home sections and the notifications bell', async ({
    browser,
    baseURL,
  }) => {
    const ann = await member(browser, baseURL, 'home-ann');
    const { page } = ann;

    await page.goto('/messages/reminders/');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByTestId('messages-tab-reminders')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('empty-state').or(page.getByTestId('reminder-list'))).toBeVisible();
    await expectAccessible(page);

    await page.goto('/activity/');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    await expect(page.getByTestId('empty-state')).toContainText('Nothing here yet');
    await expect(page.getByTestId('activity-find-people')).toHaveAttribute('href', '/friends/suggestions/');
    await expectAccessible(page);

    await page.goto('/home/');
    for (const section of ['home-exchanges', 'home-reminders', 'home-birthdays', 'home-activity', 'home-people']) {
      await expect(page.getByTestId(section)).toBeVisible();
    }
    await expectAccessible(page);

    const bell = page.getByTestId('notifications-bell');
    await expect(bell).toHaveAttribute('aria-label', /^Notifications, \d+ unread$/);
    await bell.click();
    await expect(page.getByTestId('notifications-menu')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('notifications-menu')).toHaveCount(0);
    // Escape also closes it while the focus is still on the bell (the dropdown painted late).
    await bell.click();
    await expect(page.getByTestId('notifications-menu')).toBeVisible();
    await bell.focus();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('notifications-menu')).toHaveCount(0);
    await expect(bell).toHaveAttribute('aria-expanded', 'false');

    await ann.context.close();
  });
});
