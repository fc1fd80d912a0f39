/**
 * The social demo data (prisma/seed-social.ts) on a fresh database, as Dana (demo@gifting.test) meets
 * it through the services she uses: unread chats in both groups and with Sam, a bell with unread
 * notifications (Jo's join request, Kim's follow, Sam's new list) and the family group's waiting
 * request, the family group's pending (Jo), removed (Riley) and invited (Alex) members, and Kim's
 * birthday five days ahead on her home page and in her reminders. Also the issue-31 demo exchanges:
 * Sam's White Elephant with its turn order, the Lee family swap's wall (Sam's post anonymous) and the
 * book club swap's gallery with Sam's gift photo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData, seedId } from '../../../prisma/seed';
import { DEMO_EXCHANGES, DEMO_THANK_YOU } from '../../../prisma/seed-exchanges';
import { DEMO_BIRTHDAY_SOON, DEMO_CONVERSATIONS, DEMO_GROUPS, DEMO_NOTIFICATIONS } from '../../../prisma/seed-social';
import type { TAppDeps } from '../../../server/deps';
import { readThankYouPhoto } from '../../../server/services/exchanges/thank-yous';
import { hasAcceptedTerms } from '../../../server/services/users/terms-of-service';
import { createDeps } from '../../../server/create-deps';
import { createDb, type TDb } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { identityFor } from '../../factories/identities';
import { callerFor } from '../../helpers/caller';
import { scratchDatabase } from '../../helpers/scratch-db';
import { testConfig } from '../../helpers/server';

const userId = (key: string) => seedId(`user:${key}`);

let db: TDb;
let deps: TAppDeps;
let dana: ReturnType<typeof callerFor>;

beforeAll(async () => {
  const url = await scratchDatabase('seedsocial');
  await migrate(url);
  db = createDb(url, 2);
  deps = createDeps(testConfig({ DATABASE_URL: url, DATA_DIR: `.data/test-seed-${process.pid}` }), { db });
  await seedDemoData(db, { dataDir: deps.config.dataDir });
  dana = callerFor(await identityFor(deps, userId('demo')), deps);
}, 120_000);
afterAll(() => db?.$disconnect());

describe('the social demo data, as Dana sees it', () => {
  it('finds the demo members established: the current terms accepted, so no terms dialog greets them', async () => {
    for (const key of ['demo', 'sam', 'kim']) {
      const member = await identityFor(deps, userId(key));
      expect(await hasAcceptedTerms(db, member, userId(key))).toBe(true);
    }
  });

  it('has unread messages in both groups and with Sam', async () => {
    const conversations = await dana.messages.conversations();
    const unreadOf = Object.fromEntries(conversations.map((chat) => [chat.conversationId, chat.unreadCount]));
    expect(unreadOf).toMatchObject({
      [DEMO_CONVERSATIONS.family]: 2,
      [DEMO_CONVERSATIONS.club]: 1,
      [DEMO_CONVERSATIONS.danaSam]: 1,
    });
    expect((await dana.messages.unreadCount()).count).toBe(4);
    expect((await dana.notifications.state()).unreadMessages).toBe(4);
  });

  it('has notifications on her bell (three unread, one read) and the family group’s waiting request', async () => {
    const state = await dana.notifications.state();
    const byId = new Map(state.notifications.map((item) => [item.notificationId, item]));
    expect(byId.get(DEMO_NOTIFICATIONS.joinRequest)).toMatchObject({
      isRead: false,
      title: 'Jo Park asked to join Lee family & friends',
    });
    expect(byId.get(DEMO_NOTIFICATIONS.follow)).toMatchObject({
      isRead: false,
      title: 'Kim Lee started following you',
    });
    expect(byId.get(DEMO_NOTIFICATIONS.wishCreated)).toMatchObject({
      isRead: false,
      title: 'Sam Rivera made a new wish list',
    });
    expect(byId.get(DEMO_NOTIFICATIONS.approved)).toMatchObject({ isRead: true });
    expect(state.unreadCount).toBe(3);
    expect(state.wishCreated).toEqual([{ userId: userId('sam'), wishlistId: seedId('wish-list:sam-list') }]);
    expect(state.alerts.map((item) => item.notificationId)).toEqual([DEMO_NOTIFICATIONS.joinRequest]);
    expect(state.badRequestGroups).toEqual([
      { groupId: DEMO_GROUPS.family, name: 'Lee family & friends', pendingCount: 1 },
    ]);
  });

  it('owns a group with a pending, a removed and an invited member', async () => {
    const members = async (status: 'active' | 'pending' | 'removed' | 'invited') =>
      (await dana.groups.members({ groupId: DEMO_GROUPS.family, status, limit: 50, offset: 0 })).items.map(
        (item) => item.person.userId,
      );
    expect(await members('pending')).toEqual([userId('jo')]);
    expect(await members('removed')).toEqual([userId('riley')]);
    expect(await members('invited')).toEqual([userId('alex')]);
    expect((await members('active')).sort()).toEqual(
      [userId('demo'), userId('kim'), userId('sam'), userId('child:mia')].sort(),
    );
  });

  it('shows Kim’s birthday, five days ahead, on her home page within two weeks and in her reminders', async () => {
    const birthdays = await dana.activity.birthdays({ withinDays: 14 });
    const kim = birthdays.find((entry) => entry.person.userId === userId(DEMO_BIRTHDAY_SOON.key));
    expect(kim).toMatchObject({ inDays: DEMO_BIRTHDAY_SOON.daysAhead });
    expect(kim!.person.displayName).toBe('Kim Lee');
    const reminders = await dana.messages.reminders();
    expect(reminders.filter((row) => row.kind === 'birthday').map((row) => row.path)).toContain(
      `/profile/${userId('kim')}/`,
    );
  });
});

describe('the issue-31 demo exchanges, as Dana sees them', () => {
  it('Sam’s White Elephant has its turn order drawn, with Dana second, and the rules', async () => {
    const order = await dana.exchanges.turnOrder({ exchangeId: DEMO_EXCHANGES.party });
    expect(order.gameType).toBe('white-elephant');
    expect(order.turns.map((turn) => turn.person.userId)).toEqual(
      ['kim', 'demo', 'alex', 'sam'].map((key) => userId(key)),
    );
    expect(order.turns.find((turn) => turn.isMe)?.position).toBe(2);
    expect(order.rules.length).toBeGreaterThan(2);
  });

  it('the Lee family swap’s wall has three posts, Sam’s anonymous to her', async () => {
    const wall = await dana.exchanges.wall({ exchangeId: DEMO_EXCHANGES.drawn });
    expect(wall.posts.map((post) => post.authorName)).toEqual(['Kim Lee', 'Someone in the exchange', 'You']);
    expect(JSON.stringify(wall)).not.toContain(userId('sam'));
  });

  it('the book club swap’s gallery shows Sam’s thank-you with its photo', async () => {
    const gallery = await dana.exchanges.gallery({ exchangeId: DEMO_EXCHANGES.past });
    expect(gallery.notYetReason).toBeNull();
    expect(gallery.items).toMatchObject([{ thankYouId: DEMO_THANK_YOU.id, from: { userId: userId('sam') } }]);
    const photo = await readThankYouPhoto(deps, await identityFor(deps, userId('demo')), {
      exchangeId: DEMO_EXCHANGES.past,
      thankYouId: DEMO_THANK_YOU.id,
    });
    expect(photo.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const received = (await dana.exchanges.thankYous({ exchangeId: DEMO_EXCHANGES.past })).items;
    expect(received).toMatchObject([{ direction: 'received', otherName: 'Sam Rivera' }]);
  });
});
