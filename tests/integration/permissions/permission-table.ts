/**
 * The permission table: for every tRPC procedure and every hand-written HTTP route, what each actor
 * gets. permissions.integration.test.ts reads the procedures and routes from the routers themselves
 * and fails when one has no entry here — add a row with every new procedure or route.
 *
 * Outcomes are HTTP statuses (tRPC errors are mapped to theirs). Requests carry the actor's bearer
 * token and no refresh cookie; cookie-driven rules (impersonation start, switching) have their own
 * matrix in tests/integration/auth/impersonation.integration.test.ts.
 */
import type { TActorName, TActors, TStaffActorName } from '../../factories/identities';
import { createUser } from '../../factories/users';
import { testDb } from '../../helpers/db';
import { testConfig } from '../../helpers/server';
import { unsubscribeUrl, type TMailList } from '../../../server/mail/unsubscribe';

export type TExpect = Record<TActorName, number>;

const all = (status: number): TExpect => ({
  visitor: status,
  floater: status,
  registered: status,
  otherUser: status,
  analystImpersonating: status,
  supportAdmin: status,
  adminImpersonating: status,
});

/** Any known identity (floaters included). */
const known = (status = 200): TExpect => ({ ...all(status), visitor: 401 });

export interface TProcedureRow {
  /** Made afresh for each actor (so one actor's change never decides the next one's outcome). */
  setup?: (actors: TActors) => Promise<TFixture>;
  input?: (actors: TActors, fixture: TFixture) => unknown;
  expect: TExpect;
  /** Admin rows: what staff acting as themselves get (tests/integration/admin/admin-permissions). */
  staff?: Record<TStaffActorName, number>;
}

/** Ids a row's setup made, for its input. */
export type TFixture = Record<string, string>;

export interface TRouteRow {
  /** The concrete request: path with parameters filled, and the JSON body for POSTs. */
  request: (actors: TActors) => { path: string; body?: unknown };
  expect: TExpect;
}

/**
 * The people domain: `self` rows are about the owner's own data (the member, or staff impersonating
 * them; analysts only read); `authed` excludes floaters; `known` lets floaters in (they see 403:
 * the owner is someone else).
 */
const ownerOnly = (status: number, opts: { floater?: number; analystWrites?: boolean } = {}): TExpect => ({
  visitor: 401,
  floater: opts.floater ?? 401,
  registered: status,
  otherUser: 403,
  analystImpersonating: opts.analystWrites === false ? 403 : status,
  supportAdmin: 403,
  adminImpersonating: status,
});
const anyMember = (status: number, opts: { floater?: number; analyst?: number } = {}): TExpect => ({
  visitor: 401,
  floater: opts.floater ?? 401,
  registered: status,
  otherUser: status,
  analystImpersonating: opts.analyst ?? status,
  supportAdmin: status,
  adminImpersonating: status,
});
const noSuchId = (): string => crypto.randomUUID();

/** A genuine unsubscribe link (signed with the test server's secret), as its path. */
const unsubscribePath = (list: TMailList): string => {
  const url = new URL(unsubscribeUrl(testConfig(), list));
  return `${url.pathname}${url.search}`;
};

/**
 * The admin area (issue 17): staff only, refused with 403 before the input is read (401 without a
 * full sign-in). `status` is what staff get for the row's input; `acting` rows (merge, clone,
 * replace, notes) also refuse analysts, impersonating or not.
 */
const staffOnly = (status: number, opts: { acting?: boolean } = {}): Pick<TProcedureRow, 'expect' | 'staff'> => ({
  expect: {
    visitor: 401,
    floater: 401,
    registered: 403,
    otherUser: 403,
    analystImpersonating: opts.acting ? 403 : status,
    supportAdmin: status,
    adminImpersonating: status,
  },
  staff: { supportAnalyst: opts.acting ? 403 : status, supportLead: status },
});
const REASON = 'Ticket 4242: checking a report';

/**
 * A row about the owner's group: the owner (and staff impersonating them; analysts only read),
 * `otherUser` a plain member, the staff member who is not impersonating an outsider.
 */
const inOwnersGroup = (
  by: { owner: number; member: number; outsider: number },
  options: { write?: boolean } = {},
): TExpect => ({
  visitor: 401,
  floater: 401,
  registered: by.owner,
  otherUser: by.member,
  analystImpersonating: options.write ? 403 : by.owner,
  supportAdmin: by.outsider,
  adminImpersonating: by.owner,
});

/** The owner's private group and the people around it (see the social rows). */
async function social(actors: TActors): Promise<TFixture> {
  const db = testDb();
  const groupId = crypto.randomUUID();
  const conversationId = crypto.randomUUID();
  const [pending, removed, stranger, publicPerson] = await Promise.all([1, 2, 3, 4].map(() => createUser(db)));
  const childId = crypto.randomUUID();
  await db.user.create({ data: { id: childId, name: 'Kid Test', firstName: 'Kid', lastName: 'Test' } });
  await db.parentAccount.create({ data: { parentId: actors.owner.id, childId } });
  await db.userSettings.create({
    data: { userId: publicPerson!.id, emailGuid: crypto.randomUUID(), isPrivate: false },
  });
  await db.group.create({
    data: { id: groupId, ownerId: actors.owner.id, name: 'Owners club', joinCode: crypto.randomUUID().slice(0, 16) },
  });
  await db.groupMember.createMany({
    data: [
      { groupId, userId: actors.owner.id, status: 'active', role: 'owner' },
      { groupId, userId: actors.other.id, status: 'active' },
      { groupId, userId: pending!.id, status: 'pending' },
      { groupId, userId: removed!.id, status: 'removed' },
    ],
  });
  await db.conversation.create({ data: { id: conversationId, kind: 'group', groupId } });
  await db.conversationMember.createMany({
    data: [
      { conversationId, userId: actors.owner.id },
      { conversationId, userId: actors.other.id },
    ],
  });
  const reminderId = crypto.randomUUID();
  await db.reminder.create({
    data: {
      id: reminderId,
      userId: actors.owner.id,
      kind: 'birthday',
      subjectId: actors.other.id,
      title: 'A birthday',
      path: '/home/',
      dueOn: new Date(),
      uniqueKey: `permission:${reminderId}`,
    },
  });
  return {
    groupId,
    conversationId,
    reminderId,
    childId,
    memberId: actors.other.id,
    pendingId: pending!.id,
    removedId: removed!.id,
    strangerId: stranger!.id,
    publicId: publicPerson!.id,
  };
}
/** A date a month from today (YYYY-MM-DD), for exchanges. */
const inAMonth = (): string => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

export const PROCEDURES: Record<string, TProcedureRow> = {
  'auth.me': { expect: all(200) },
  'auth.providers': { expect: all(200) },
  // Only a sign-in that proved the e-mail sees accounts sharing it: the table's floater signed in
  // without the mailed link (a link sign-in is tested in tests/integration/auth/switching-proof).
  'auth.relatedAccounts': { expect: { ...known(), floater: 403 } },
  'auth.mergeAccounts': {
    input: () => ({ otherUserId: crypto.randomUUID() }),
    expect: {
      visitor: 401,
      floater: 401,
      registered: 404,
      otherUser: 404,
      analystImpersonating: 403,
      supportAdmin: 404,
      adminImpersonating: 403,
    },
  },
  'auth.switchTargets': { expect: known() },
  'enums.get': { input: () => ({ name: 'genders' }), expect: all(200) },
  'home.landing': { expect: all(200) },
  // People (issue 12)
  'people.get': { input: (a) => ({ userId: a.owner.id }), expect: all(200) },
  'people.create': { input: () => ({ firstName: 'Kid', lastName: 'Test' }), expect: anyMember(200, { analyst: 403 }) },
  'people.update': {
    input: (a) => ({ userId: a.owner.id, profile: { firstName: 'Owner', lastName: 'Person' } }),
    expect: ownerOnly(200, { analystWrites: false }),
  },
  'people.patch': {
    input: (a) => ({ userId: a.owner.id, profile: { firstName: 'Owner' } }),
    expect: ownerOnly(200, { analystWrites: false }),
  },
  // Staff impersonating never delete an account (refused and audited, like password changes).
  'people.delete': {
    input: (a) => ({ userId: a.owner.id }),
    expect: { ...ownerOnly(200, { analystWrites: false }), adminImpersonating: 403 },
  },
  'people.removePicture': { input: (a) => ({ userId: a.owner.id }), expect: ownerOnly(200, { analystWrites: false }) },
  'people.settings': { input: (a) => ({ userId: a.owner.id }), expect: ownerOnly(200, { floater: 403 }) },
  'people.updateSettings': {
    input: (a) => ({ userId: a.owner.id, settings: { subscribeNewsletter: true } }),
    expect: ownerOnly(200, { analystWrites: false }),
  },
  // The e-mailed guid is the key: anyone holding it (nobody holds a random one).
  'people.emailSettings': { input: () => ({ emailGuid: noSuchId() }), expect: all(404) },
  'people.updateEmailSettings': {
    input: () => ({ emailGuid: noSuchId(), settings: { subscribeNewsletter: false } }),
    expect: { ...all(404), analystImpersonating: 403 },
  },
  'people.preferences': { input: (a) => ({ userId: a.owner.id }), expect: ownerOnly(200, { floater: 403 }) },
  // AA is no market: the caller who may change the owner's preferences gets the 400 for it.
  'people.setPreference': {
    input: (a) => ({ userId: a.owner.id, preferenceSet: 'wishing', market: 'AA' }),
    expect: ownerOnly(400, { floater: 403, analystWrites: false }),
  },
  'people.marketPreferences': { expect: known() },
  // The owner has no address: reading "none" is the spec's 403, for the owner too.
  'people.mailingAddress': { input: (a) => ({ userId: a.owner.id }), expect: known(403) },
  'people.setMailingAddress': {
    input: (a) => ({ userId: a.owner.id, address: {} }),
    expect: ownerOnly(200, { floater: 403, analystWrites: false }),
  },
  'people.parentAccounts': { input: (a) => ({ userId: a.owner.id }), expect: ownerOnly(200, { floater: 403 }) },
  'people.children': { input: (a) => ({ userId: a.owner.id }), expect: ownerOnly(200) },
  // The owner is private (the default): only they, and people they follow, see their friends.
  'people.followedUsers': { input: (a) => ({ userId: a.owner.id }), expect: ownerOnly(200, { floater: 403 }) },
  'people.followerUsers': { input: (a) => ({ userId: a.owner.id }), expect: ownerOnly(200, { floater: 403 }) },
  'people.followSuggestions': { input: (a) => ({ userId: a.owner.id }), expect: ownerOnly(200) },
  'people.blockedUsers': { input: (a) => ({ userId: a.owner.id }), expect: ownerOnly(200) },
  'people.search': { input: () => ({ query: 'zz' }), expect: anyMember(200) },
  // Following the other member; the other member following themselves is a 400.
  'people.follow': {
    input: (a) => ({ userId: a.other.id }),
    expect: { ...anyMember(200, { analyst: 403 }), otherUser: 400 },
  },
  'people.unfollow': { input: (a) => ({ userId: a.other.id }), expect: anyMember(200, { analyst: 403 }) },
  'people.block': { input: () => ({ userId: noSuchId() }), expect: anyMember(404, { analyst: 403 }) },
  'people.unblock': { input: () => ({ userId: noSuchId() }), expect: anyMember(200, { analyst: 403 }) },
  'people.addressBook': { expect: anyMember(200) },
  'people.addContact': {
    input: () => ({ name: 'Pat Doe', email: 'pat@example.test' }),
    expect: anyMember(200, { analyst: 403 }),
  },
  'people.removeContact': { input: () => ({ contactId: noSuchId() }), expect: anyMember(404, { analyst: 403 }) },
  'people.export': { expect: anyMember(200) },
  'shop.marketData': { expect: all(200) },
  'shop.markets': { expect: all(200) },
  'shop.topLevelGuides': { expect: all(200) },
  // Shop (issue 13): the catalogue is public; unknown ids are 404 for everyone.
  'shop.trendingGuide': { input: () => ({ market: 'GB' }), expect: all(200) },
  'shop.guide': { input: () => ({ giftGuideId: noSuchId() }), expect: all(404) },
  'shop.ancestors': { input: () => ({ giftGuideId: noSuchId() }), expect: all(404) },
  'shop.childGuides': { input: () => ({ giftGuideId: noSuchId() }), expect: all(404) },
  'shop.featuredShops': { input: () => ({ market: 'CA' }), expect: all(200) },
  'shop.merchants': { input: () => ({ market: 'CA' }), expect: all(200) },
  'shop.search': { input: () => ({ q: 'scarf', market: 'US' }), expect: all(200) },
  'shop.newArrivals': { input: () => ({ market: 'US' }), expect: all(200) },
  'shop.product': { input: () => ({ productId: noSuchId() }), expect: all(404) },
  'shop.showPriceDrop': { input: () => ({ productId: noSuchId() }), expect: all(404) },
  // Favourite guides are as private as the member's lists (the owner is private by default).
  'shop.favoriteGuides': { input: (a) => ({ userId: a.owner.id }), expect: ownerOnly(200, { floater: 403 }) },
  'shop.setFavoriteGuide': {
    input: () => ({ giftGuideId: noSuchId(), favorite: true }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'shop.priceDropStatus': { input: () => ({ productId: noSuchId() }), expect: anyMember(404) },
  'shop.subscribePriceDrop': { input: () => ({ productId: noSuchId() }), expect: anyMember(404, { analyst: 403 }) },
  'shop.unsubscribePriceDrop': { input: () => ({ productId: noSuchId() }), expect: anyMember(404, { analyst: 403 }) },
  // Merchandisers only (no actor of the table holds ElfMerchandiser; tested in shop.integration).
  'shop.updateGuide': { input: () => ({ giftGuideId: noSuchId(), title: 'X' }), expect: anyMember(403) },
  'shop.setFeaturedShop': { input: () => ({ merchantId: noSuchId(), isFeatured: true }), expect: anyMember(403) },
  'shop.setProductPrice': { input: () => ({ productId: noSuchId(), amount: 1 }), expect: anyMember(403) },
  // Wish lists (issue 13). The owner is private by default: only they (and staff impersonating
  // them) see their lists; unknown lists and wishes are 404 whoever asks.
  'wishLists.mine': { expect: anyMember(200) },
  'wishLists.ofUser': { input: (a) => ({ userId: a.owner.id }), expect: ownerOnly(200, { floater: 403 }) },
  'wishLists.get': { input: () => ({ wishlistId: noSuchId() }), expect: all(404) },
  'wishLists.create': {
    input: () => ({ title: 'Birthday', privacy: 'public' }),
    expect: anyMember(200, { analyst: 403 }),
  },
  'wishLists.update': {
    input: () => ({ wishlistId: noSuchId(), title: 'X' }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'wishLists.delete': { input: () => ({ wishlistId: noSuchId() }), expect: anyMember(404, { analyst: 403 }) },
  'wishLists.wish': { input: () => ({ wishId: noSuchId() }), expect: anyMember(404) },
  'wishLists.addWish': { input: () => ({ title: 'Warm socks' }), expect: anyMember(200, { analyst: 403 }) },
  'wishLists.updateWish': {
    input: () => ({ wishId: noSuchId(), title: 'X' }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'wishLists.deleteWish': { input: () => ({ wishId: noSuchId() }), expect: anyMember(404, { analyst: 403 }) },
  'wishLists.reorder': {
    input: () => ({ wishlistId: noSuchId(), wishIds: [noSuchId()] }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'wishLists.setReceived': {
    input: () => ({ wishId: noSuchId(), received: true }),
    expect: anyMember(404, { analyst: 403 }),
  },
  // Floaters (invitees) may mark gifts bought too.
  'wishLists.claim': { input: () => ({ wishId: noSuchId() }), expect: { ...known(404), analystImpersonating: 403 } },
  'wishLists.unclaim': { input: () => ({ wishId: noSuchId() }), expect: { ...known(404), analystImpersonating: 403 } },
  'wishLists.purchases': { input: (a) => ({ userId: a.owner.id }), expect: ownerOnly(200, { floater: 403 }) },
  'wishLists.giftsReceived': { input: (a) => ({ userId: a.owner.id }), expect: ownerOnly(200) },
  'wishLists.importUrl': { input: () => ({ url: 'ftp://example.test/x' }), expect: anyMember(400, { analyst: 403 }) },
  'wishLists.requestList': { input: () => ({ userId: noSuchId() }), expect: anyMember(404, { analyst: 403 }) },
  // Gift exchanges (issue 14). None of the table's actors is in an exchange: an unknown exchange
  // answers 404 to every known identity (its existence never leaks); managing needs a full sign-in;
  // analysts impersonating only read.
  'exchanges.mine': { expect: known(200) },
  'exchanges.get': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.create': {
    input: () => ({ title: 'Office Secret Santa', exchangeDate: inAMonth() }),
    expect: anyMember(200, { analyst: 403 }),
  },
  'exchanges.update': {
    input: () => ({ exchangeId: noSuchId(), title: 'X' }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.updateSettings': {
    input: () => ({ exchangeId: noSuchId(), organizerCanViewDraw: true }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.archive': { input: () => ({ exchangeId: noSuchId() }), expect: anyMember(404, { analyst: 403 }) },
  'exchanges.delete': { input: () => ({ exchangeId: noSuchId() }), expect: anyMember(404, { analyst: 403 }) },
  'exchanges.repeatCandidates': { expect: anyMember(200) },
  'exchanges.activity': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.participants': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.participant': { input: () => ({ exchangeId: noSuchId(), userId: noSuchId() }), expect: known(404) },
  'exchanges.disqualified': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.inviteByEmail': {
    input: () => ({ exchangeId: noSuchId(), invitees: [{ email: 'ann@example.com' }] }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.inviteBulk': {
    input: () => ({ exchangeId: noSuchId(), text: 'Ann <ann@example.com>' }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.inviteUsers': {
    input: () => ({ exchangeId: noSuchId(), userIds: [noSuchId()] }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.resendInvitation': {
    input: () => ({ exchangeId: noSuchId(), userId: noSuchId() }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.joinByLink': {
    input: () => ({ exchangeId: noSuchId(), code: 'nope' }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.rsvp': {
    input: () => ({ exchangeId: noSuchId(), response: 'accept' }),
    expect: { ...known(404), analystImpersonating: 403 },
  },
  'exchanges.setAssistant': {
    input: () => ({ exchangeId: noSuchId(), userId: noSuchId(), isAssistant: true }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.setDisqualified': {
    input: () => ({ exchangeId: noSuchId(), userId: noSuchId(), disqualified: true }),
    expect: anyMember(404, { analyst: 403 }),
  },
  // Family managers only: nobody of the table manages a child.
  'exchanges.childChoices': { input: (a) => ({ userId: a.other.id }), expect: anyMember(403) },
  'exchanges.addChild': {
    input: () => ({ exchangeId: noSuchId(), userId: noSuchId() }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.removeParticipant': {
    input: () => ({ exchangeId: noSuchId(), userId: noSuchId() }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.replaceParticipant': {
    input: () => ({
      exchangeId: noSuchId(),
      userId: noSuchId(),
      replacement: { name: 'Ann', email: 'ann@example.com' },
    }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.wishListChoices': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.chooseWishList': {
    input: () => ({ exchangeId: noSuchId(), newListTitle: 'For the exchange' }),
    expect: { ...known(404), analystImpersonating: 403 },
  },
  'exchanges.addWish': {
    input: () => ({ exchangeId: noSuchId(), title: 'Socks' }),
    expect: { ...known(404), analystImpersonating: 403 },
  },
  'exchanges.restrictions': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.setRestrictions': {
    input: () => ({ exchangeId: noSuchId(), userId: noSuchId(), cannotDraw: [noSuchId()] }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.setHousehold': {
    input: () => ({ exchangeId: noSuchId(), userId: noSuchId(), household: 'Lees' }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.draw': { input: () => ({ exchangeId: noSuchId() }), expect: anyMember(404, { analyst: 403 }) },
  'exchanges.redraw': { input: () => ({ exchangeId: noSuchId() }), expect: anyMember(404, { analyst: 403 }) },
  'exchanges.drawLatecomers': { input: () => ({ exchangeId: noSuchId() }), expect: anyMember(404, { analyst: 403 }) },
  'exchanges.practiceDraw': { input: () => ({ exchangeId: noSuchId() }), expect: anyMember(404, { analyst: 403 }) },
  'exchanges.myAssignment': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.calendarLinks': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.viewDraw': { input: () => ({ exchangeId: noSuchId() }), expect: anyMember(404) },
  'exchanges.questions': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.setQuestions': {
    input: () => ({ exchangeId: noSuchId(), questions: ['Favourite colour?'] }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.answerQuestion': {
    input: () => ({ exchangeId: noSuchId(), questionId: noSuchId(), answer: 'Blue' }),
    expect: { ...known(404), analystImpersonating: 403 },
  },
  'exchanges.flaggableAnswer': { input: () => ({ questionAnswerId: noSuchId() }), expect: known(404) },
  'exchanges.flagAnswer': {
    input: () => ({ questionAnswerId: noSuchId() }),
    expect: { ...known(404), analystImpersonating: 403 },
  },
  'exchanges.conversations': { expect: known(200) },
  'exchanges.conversation': { input: () => ({ exchangeId: noSuchId(), with: 'recipient' }), expect: known(404) },
  'exchanges.sendMessage': {
    input: () => ({ exchangeId: noSuchId(), with: 'santa', body: 'Hi!' }),
    expect: { ...known(404), analystImpersonating: 403 },
  },
  'exchanges.thankYous': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.sendThankYou': {
    input: () => ({ exchangeId: noSuchId(), body: 'Thank you!' }),
    expect: { ...known(404), analystImpersonating: 403 },
  },
  // Issue 31: the gallery, the party games' turn order, the wall (its live stream checks access
  // before it answers). Inside an exchange: tests/integration/exchanges/party-wall-gallery.
  'exchanges.gallery': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.turnOrder': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.wall': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.postToWall': {
    input: () => ({ exchangeId: noSuchId(), body: 'Hello all', anonymous: true }),
    expect: { ...known(404), analystImpersonating: 403 },
  },
  'exchanges.removeWallPost': {
    input: () => ({ exchangeId: noSuchId(), postId: '1' }),
    expect: { ...known(404), analystImpersonating: 403 },
  },
  'exchanges.onWall': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  // ---- People without e-mail (issue 31): managers add and reissue; the link holder reads its
  // state and asks for a new one (public: the link is the credential; an unknown one is 404).
  'exchanges.addNamedPerson': {
    input: () => ({ exchangeId: noSuchId(), name: 'Nora Nomail' }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.personLinks': { input: () => ({ exchangeId: noSuchId() }), expect: anyMember(404) },
  'exchanges.reissuePersonLink': {
    input: () => ({ exchangeId: noSuchId(), userId: noSuchId() }),
    expect: anyMember(404, { analyst: 403 }),
  },
  'exchanges.myPersonLink': { input: () => ({ exchangeId: noSuchId() }), expect: known(404) },
  'exchanges.personLinkState': { input: () => ({ token: 'A'.repeat(43) }), expect: all(200) },
  'exchanges.requestNewPersonLink': {
    input: () => ({ token: 'A'.repeat(43) }),
    expect: { ...all(404), analystImpersonating: 403 },
  },
  // ---- Social (issue 15) ----
  // `social` is the owner's private group with `other` as a plain member, a pending asker, a
  // removed member, an invited-by-e-mail address and the owner's child; staff who are not
  // impersonating are outsiders. Managing needs the owner (or staff acting as them, analysts
  // reading only); members read inside; outsiders get 403 for a private group's inside. The other
  // places in a group (assistant, asker, invitee, removed person) and public groups are checked
  // per procedure in tests/integration/social/groups.integration.test.ts ("by place in the group").
  'groups.list': { input: () => ({ scope: 'mine', limit: 10, offset: 0 }), expect: anyMember(200) },
  'groups.get': { setup: social, input: (_a, f) => ({ groupId: f.groupId }), expect: anyMember(200) },
  'groups.create': { input: () => ({ name: 'Book club' }), expect: anyMember(200, { analyst: 403 }) },
  'groups.update': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId, name: 'Renamed' }),
    expect: inOwnersGroup({ owner: 200, member: 403, outsider: 403 }, { write: true }),
  },
  'groups.delete': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId }),
    expect: inOwnersGroup({ owner: 200, member: 403, outsider: 403 }, { write: true }),
  },
  // The owner is in already; the member too; an outsider's request waits (pending).
  'groups.join': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId }),
    expect: inOwnersGroup({ owner: 200, member: 200, outsider: 200 }, { write: true }),
  },
  'groups.leave': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId }),
    expect: inOwnersGroup({ owner: 400, member: 200, outsider: 400 }, { write: true }),
  },
  'groups.declineInvitation': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId }),
    expect: inOwnersGroup({ owner: 404, member: 404, outsider: 404 }, { write: true }),
  },
  'groups.updateMyFlags': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId, isBirthdayAlertsEnabled: false }),
    expect: inOwnersGroup({ owner: 200, member: 200, outsider: 403 }, { write: true }),
  },
  'groups.members': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId }),
    expect: inOwnersGroup({ owner: 200, member: 200, outsider: 403 }),
  },
  'groups.approve': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId, userId: f.pendingId }),
    expect: inOwnersGroup({ owner: 200, member: 403, outsider: 403 }, { write: true }),
  },
  'groups.decline': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId, userId: f.pendingId }),
    expect: inOwnersGroup({ owner: 200, member: 403, outsider: 403 }, { write: true }),
  },
  'groups.remove': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId, userId: f.memberId }),
    expect: inOwnersGroup({ owner: 200, member: 403, outsider: 403 }, { write: true }),
  },
  'groups.restore': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId, userId: f.removedId }),
    expect: inOwnersGroup({ owner: 200, member: 403, outsider: 403 }, { write: true }),
  },
  'groups.setAssistant': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId, userId: f.memberId, isAssistant: true }),
    expect: inOwnersGroup({ owner: 200, member: 403, outsider: 403 }, { write: true }),
  },
  'groups.inviteEmails': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId, emails: [`guest-${String(f.groupId).slice(0, 8)}@example.com`] }),
    expect: inOwnersGroup({ owner: 200, member: 403, outsider: 403 }, { write: true }),
  },
  'groups.inviteMembers': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId, userIds: [f.strangerId] }),
    expect: inOwnersGroup({ owner: 200, member: 403, outsider: 403 }, { write: true }),
  },
  'groups.inviteCandidates': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId }),
    expect: inOwnersGroup({ owner: 200, member: 403, outsider: 403 }),
  },
  'groups.emailInvitations': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId }),
    expect: inOwnersGroup({ owner: 200, member: 403, outsider: 403 }),
  },
  'groups.childChoices': {
    setup: social,
    input: (_a, f) => ({ childId: f.childId }),
    expect: inOwnersGroup({ owner: 200, member: 403, outsider: 403 }),
  },
  'groups.addChild': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId, childId: f.childId }),
    expect: inOwnersGroup({ owner: 200, member: 403, outsider: 403 }, { write: true }),
  },
  'messages.conversations': { expect: anyMember(200) },
  'messages.unreadCount': { expect: anyMember(200) },
  'messages.reminders': { expect: anyMember(200) },
  'messages.onMessage': { expect: anyMember(200) },
  'messages.startDirect': {
    setup: social,
    input: (_a, f) => ({ userId: f.publicId }),
    expect: anyMember(200, { analyst: 403 }),
  },
  // The group's discussion: its members only; to anyone else it does not exist.
  'messages.messages': {
    setup: social,
    input: (_a, f) => ({ conversationId: f.conversationId }),
    expect: inOwnersGroup({ owner: 200, member: 200, outsider: 404 }),
  },
  'messages.send': {
    setup: social,
    input: (_a, f) => ({ conversationId: f.conversationId, body: 'Hello, group' }),
    expect: inOwnersGroup({ owner: 200, member: 200, outsider: 404 }, { write: true }),
  },
  'messages.markRead': {
    setup: social,
    input: (_a, f) => ({ conversationId: f.conversationId, upToId: '1' }),
    expect: inOwnersGroup({ owner: 200, member: 200, outsider: 404 }, { write: true }),
  },
  'messages.dismissReminder': {
    setup: social,
    input: (_a, f) => ({ reminderId: f.reminderId }),
    expect: inOwnersGroup({ owner: 200, member: 404, outsider: 404 }, { write: true }),
  },
  'notifications.state': { expect: anyMember(200) },
  'notifications.list': { input: () => ({ limit: 10, offset: 0 }), expect: anyMember(200) },
  'notifications.onNotification': { expect: anyMember(200) },
  'notifications.markRead': { input: () => ({}), expect: anyMember(200, { analyst: 403 }) },
  // Public: the link's signature is the credential; an unsigned one changes nothing ("confirm").
  'notifications.emailAction': {
    input: (a) => ({ action: 'follow', subjectId: a.owner.id }),
    expect: { ...all(200), analystImpersonating: 403 },
  },
  'activity.feed': {
    setup: social,
    input: (_a, f) => ({ groupId: f.groupId }),
    expect: inOwnersGroup({ owner: 200, member: 200, outsider: 403 }),
  },
  'activity.birthdays': { input: () => ({ withinDays: 30 }), expect: anyMember(200) },
  // Admin (issue 17). Unknown ids answer 404 to staff (and nothing changes for the next actor).
  'admin.me': staffOnly(200),
  'admin.findUsers': { input: () => ({ query: 'zz' }), ...staffOnly(200) },
  'admin.user': { input: (a) => ({ userId: a.owner.id }), ...staffOnly(200) },
  'admin.mergePreview': { input: (a) => ({ keepUserId: a.owner.id, mergeUserId: a.other.id }), ...staffOnly(200) },
  'admin.mergeAccounts': {
    input: () => ({ keepUserId: noSuchId(), mergeUserId: noSuchId(), reason: REASON }),
    ...staffOnly(404, { acting: true }),
  },
  'admin.userWishLists': { input: (a) => ({ userId: a.owner.id }), ...staffOnly(200) },
  'admin.cloneWishLists': {
    input: () => ({ fromUserId: noSuchId(), toUserId: noSuchId(), wishlistIds: [noSuchId()], reason: REASON }),
    ...staffOnly(404, { acting: true }),
  },
  'admin.userConversations': { input: (a) => ({ userId: a.owner.id }), ...staffOnly(200) },
  'admin.readConversation': {
    input: (a) => ({ userId: a.owner.id, conversationId: noSuchId(), reason: REASON }),
    ...staffOnly(404),
  },
  'admin.findExchanges': { input: () => ({ query: 'zz' }), ...staffOnly(200) },
  'admin.exchange': { input: () => ({ exchangeId: noSuchId() }), ...staffOnly(404) },
  'admin.exchangeEvents': { input: () => ({ exchangeId: noSuchId() }), ...staffOnly(404) },
  'admin.exchangeQuestions': { input: () => ({ exchangeId: noSuchId() }), ...staffOnly(404) },
  'admin.exchangeRestrictions': { input: () => ({ exchangeId: noSuchId() }), ...staffOnly(404) },
  'admin.exchangeCountries': { input: () => ({ exchangeId: noSuchId() }), ...staffOnly(404) },
  'admin.exchangeNotes': { input: () => ({ exchangeId: noSuchId() }), ...staffOnly(404) },
  'admin.addExchangeNote': {
    input: () => ({ exchangeId: noSuchId(), body: 'Organizer called about the date' }),
    ...staffOnly(404, { acting: true }),
  },
  'admin.replaceExchangePerson': {
    input: (a) => ({ exchangeId: noSuchId(), userId: a.owner.id, replacementUserId: a.other.id, reason: REASON }),
    ...staffOnly(404, { acting: true }),
  },
  'admin.findGroups': { input: () => ({ query: 'zz' }), ...staffOnly(200) },
  'admin.group': { input: () => ({ groupId: noSuchId() }), ...staffOnly(404) },
  'admin.groupRemovedMembers': { input: () => ({ groupId: noSuchId() }), ...staffOnly(404) },
  'admin.groupInvitations': { input: () => ({ groupId: noSuchId() }), ...staffOnly(404) },
  'admin.auditLog': { input: () => ({}), ...staffOnly(200) },
};

const impersonatingRefused = (others: number, visitor = 401): TExpect => ({
  ...all(others),
  visitor,
  analystImpersonating: 403,
  adminImpersonating: 403,
});

export const ROUTES: Record<string, TRouteRow> = {
  // Exchanges (issue 14): 401 without a token, 404 for everyone outside the exchange.
  'GET /v1/exchanges/:exchangeId/users': {
    request: () => ({ path: `/v1/exchanges/${noSuchId()}/users` }),
    expect: known(404),
  },
  'GET /v1/exchanges/:exchangeId/calendar': {
    request: () => ({ path: `/v1/exchanges/${noSuchId()}/calendar` }),
    expect: known(404),
  },
  // The one-click unsubscribe needs no sign-in: the link's signature is the authority (issue 29).
  'GET /v1/email/unsubscribe': {
    request: (a) => ({ path: unsubscribePath({ kind: 'notifications', userId: a.owner.id }) }),
    expect: all(200),
  },
  'POST /v1/email/unsubscribe': {
    request: (a) => ({ path: unsubscribePath({ kind: 'price-drops', userId: a.owner.id }), body: {} }),
    // Analysts read only: the impersonation write guard refuses every write they send with a token.
    expect: { ...all(200), analystImpersonating: 403 },
  },
  'GET /v1/exchanges/:exchangeId/draw-restricted-users': {
    request: () => ({ path: `/v1/exchanges/${noSuchId()}/draw-restricted-users?limit=5` }),
    expect: known(404),
  },
  // The gallery's photos (issue 31): people in the exchange read them, a thank-you's author sets them.
  'GET /v1/exchanges/:exchangeId/thank-yous/:thankYouId/photo': {
    request: () => ({ path: `/v1/exchanges/${noSuchId()}/thank-yous/${noSuchId()}/photo` }),
    expect: known(404),
  },
  'PUT /v1/exchanges/:exchangeId/thank-yous/:thankYouId/photo': {
    request: () => ({ path: `/v1/exchanges/${noSuchId()}/thank-yous/${noSuchId()}/photo`, body: {} }),
    expect: { ...known(404), analystImpersonating: 403 },
  },
  'DELETE /v1/exchanges/:exchangeId/thank-yous/:thankYouId/photo': {
    request: () => ({ path: `/v1/exchanges/${noSuchId()}/thank-yous/${noSuchId()}/photo` }),
    expect: { ...known(404), analystImpersonating: 403 },
  },
  'GET /healthz': { request: () => ({ path: '/healthz' }), expect: all(200) },
  'GET /readyz': { request: () => ({ path: '/readyz' }), expect: all(200) },
  // The retired old-admin app's addresses: a page saying so, with today's admin tools (no data).
  'GET /old-admin/': { request: () => ({ path: '/old-admin/' }), expect: all(410) },
  'GET /old-admin/*': { request: () => ({ path: '/old-admin/coupons/42/' }), expect: all(410) },
  // Prometheus metrics need METRICS_TOKEN (unset here: 404 for everyone; an access token is not it).
  // (GET /v1/openapi.json, public, is listed with the files: tests/integration/ops/openapi.)
  'GET /metrics': { request: () => ({ path: '/metrics' }), expect: all(404) },
  'GET /v1/enums/:name': { request: () => ({ path: '/v1/enums/currencies' }), expect: all(200) },
  'GET /v1/shop/market-data': { request: () => ({ path: '/v1/shop/market-data?market=CA' }), expect: all(200) },
  'GET /v1/shop/featured-shops': { request: () => ({ path: '/v1/shop/featured-shops?market=GB' }), expect: all(200) },
  'GET /v1/gift-guides/top-level-guides': {
    request: () => ({ path: '/v1/gift-guides/top-level-guides?market=CA' }),
    expect: all(200),
  },
  // No trending guide in the test database's GB: an empty answer.
  'GET /v1/gift-guides/trending-guide': {
    request: () => ({ path: '/v1/gift-guides/trending-guide?market=GB' }),
    expect: all(204),
  },
  'GET /v1/gift-guides/:id/ancestors': {
    request: () => ({ path: `/v1/gift-guides/${noSuchId()}/ancestors` }),
    expect: all(404),
  },
  'GET /v1/gift-guides/:id/child-guides': {
    request: () => ({ path: `/v1/gift-guides/${noSuchId()}/child-guides` }),
    expect: all(404),
  },

  'GET /v1/features/': { request: () => ({ path: '/v1/features/' }), expect: all(200) },
  'GET /v1/features/:name/assignment': {
    request: () => ({ path: '/v1/features/no-such-feature/assignment' }),
    expect: all(404),
  },
  'POST /v1/features/:name/variants/:variant/start': {
    request: () => ({ path: '/v1/features/no-such-feature/variants/a/start', body: {} }),
    expect: { ...all(404), analystImpersonating: 403 },
  },
  'POST /auth/set-experiment/': {
    request: () => ({ path: '/auth/set-experiment/', body: { experimentName: 'no-such-feature', variant: 'a' } }),
    expect: all(404),
  },
  'GET /v1/content/:section/:componentName': {
    request: () => ({ path: '/v1/content/screens/no-such-screen' }),
    expect: all(404),
  },
  'GET /v1/content/:componentName': { request: () => ({ path: '/v1/content/no-such-screen' }), expect: all(404) },
  'GET /v1/auth/.where-am-i': { request: () => ({ path: '/v1/auth/.where-am-i' }), expect: all(200) },
  'GET /v1/links/click': {
    request: () => ({ path: '/v1/links/click?url=https%3A%2F%2Fevil.example' }),
    expect: all(200),
  },
  'POST /v1/logs': {
    request: () => ({
      path: '/v1/logs',
      body: [{ level: 'info', category: 'x', message: 'm', clientKind: 'web', timestamp: 1, appVersion: '1' }],
    }),
    // Logs change no member data, so even a read-only support session may send them.
    expect: all(204),
  },
  'GET /v1/users/:userId/terms-of-service': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/terms-of-service` }),
    // Only the member themselves, or staff impersonating them.
    expect: {
      visitor: 401,
      floater: 403,
      registered: 200,
      otherUser: 403,
      analystImpersonating: 200,
      supportAdmin: 403,
      adminImpersonating: 200,
    },
  },
  'GET /v1/users/:userId/users-same-email': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/users-same-email` }),
    expect: {
      visitor: 401,
      floater: 403,
      registered: 200,
      otherUser: 403,
      analystImpersonating: 200,
      supportAdmin: 403,
      adminImpersonating: 200,
    },
  },
  'POST /v1/users/:userId/terms-of-service': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/terms-of-service`, body: {} }),
    expect: {
      visitor: 401,
      floater: 403,
      registered: 204,
      otherUser: 403,
      analystImpersonating: 403,
      supportAdmin: 403,
      adminImpersonating: 204,
    },
  },

  // People (issue 12): the same rules as the `people` procedures.
  'GET /v1/users/address-book': { request: () => ({ path: '/v1/users/address-book' }), expect: anyMember(200) },
  'GET /v1/users/market-preferences': { request: () => ({ path: '/v1/users/market-preferences' }), expect: known() },
  'POST /v1/users': {
    request: () => ({ path: '/v1/users', body: { firstName: 'Kid', lastName: 'Test' } }),
    expect: anyMember(201, { analyst: 403 }),
  },
  'GET /v1/users/:userId': { request: (a) => ({ path: `/v1/users/${a.owner.id}` }), expect: all(200) },
  'PUT /v1/users/:userId': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}`, body: { firstName: 'Owner', lastName: 'Person' } }),
    expect: ownerOnly(200, { analystWrites: false }),
  },
  'PATCH /v1/users/:userId': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}`, body: { firstName: 'Owner' } }),
    expect: ownerOnly(200, { analystWrites: false }),
  },
  'DELETE /v1/users/:userId': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}` }),
    expect: { ...ownerOnly(204, { analystWrites: false }), adminImpersonating: 403 },
  },
  'GET /v1/users/:userId/export': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/export` }),
    expect: ownerOnly(200, { floater: 403 }),
  },
  'GET /v1/users/:userId/picture': { request: (a) => ({ path: `/v1/users/${a.owner.id}/picture` }), expect: all(404) },
  // A JSON body is no picture: whoever may change the owner's picture is told so (400).
  'PUT /v1/users/:userId/picture': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/picture`, body: {} }),
    expect: ownerOnly(400, { analystWrites: false }),
  },
  'DELETE /v1/users/:userId/picture': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/picture` }),
    expect: ownerOnly(204, { analystWrites: false }),
  },
  'GET /v1/users/:userId/preferences': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/preferences` }),
    expect: ownerOnly(200, { floater: 403 }),
  },
  'PUT /v1/users/:userId/preferences': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/preferences`, body: { preferenceSet: 'wishing', market: 'AA' } }),
    expect: ownerOnly(400, { floater: 403, analystWrites: false }),
  },
  'GET /v1/users/:userId/settings': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/settings` }),
    expect: ownerOnly(200, { floater: 403 }),
  },
  'PATCH /v1/users/:userId/settings': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/settings`, body: { subscribeNewsletter: true } }),
    expect: ownerOnly(200, { floater: 403, analystWrites: false }),
  },
  'GET /v1/users/:userId/mailing-address': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/mailing-address` }),
    expect: known(403),
  },
  'PUT /v1/users/:userId/mailing-address': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/mailing-address`, body: {} }),
    expect: ownerOnly(200, { floater: 403, analystWrites: false }),
  },
  'GET /v1/users/:userId/parent-accounts': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/parent-accounts` }),
    expect: ownerOnly(200, { floater: 403 }),
  },
  'GET /v1/users/:userId/followed-users': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/followed-users` }),
    expect: ownerOnly(200, { floater: 403 }),
  },
  'GET /v1/users/:userId/follower-users': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/follower-users` }),
    expect: ownerOnly(200, { floater: 403 }),
  },
  'GET /v1/users/:userId/followed-users-suggestions': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/followed-users-suggestions` }),
    expect: ownerOnly(200),
  },
  'GET /v1/users/:userId/blocked-follower-users': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/blocked-follower-users` }),
    expect: ownerOnly(200),
  },

  'GET /auth/v2/refresh-token/': { request: () => ({ path: '/auth/v2/refresh-token/' }), expect: all(200) },
  'GET /auth/v2/login/': { request: () => ({ path: '/auth/v2/login/?returnurl=/home/' }), expect: all(302) },
  'GET /auth/v2/logout/': { request: () => ({ path: '/auth/v2/logout/' }), expect: all(302) },
  'POST /auth/v2/logout/': { request: () => ({ path: '/auth/v2/logout/', body: {} }), expect: all(200) },
  'GET /auth/v2/confirm-email/': { request: () => ({ path: '/auth/v2/confirm-email/?token=nope' }), expect: all(302) },
  'GET /auth/v2/link/': { request: () => ({ path: '/auth/v2/link/?token=nope' }), expect: all(302) },
  'GET /auth/v2/person-link/': {
    request: () => ({ path: `/auth/v2/person-link/?token=${'A'.repeat(43)}` }),
    expect: all(302),
  },
  'GET /auth/v2/impersonate/': {
    request: (a) => ({ path: `/auth/v2/impersonate/?uid=${a.owner.id}` }),
    expect: all(302),
  },
  'GET /auth/v2/switch/': { request: (a) => ({ path: `/auth/v2/switch/?uid=${a.owner.id}` }), expect: all(302) },
  'GET /auth/v2/oidc/callback/:idp/': {
    request: () => ({ path: '/auth/v2/oidc/callback/nowhere/?code=x&state=y' }),
    expect: all(404),
  },

  'POST /auth/v2/sign-up/': {
    request: () => ({ path: '/auth/v2/sign-up/', body: { name: 'x', email: 'bad', password: '1' } }),
    expect: all(400),
  },
  'POST /auth/v2/log-in/': {
    request: (a) => ({ path: '/auth/v2/log-in/', body: { email: a.owner.email, password: 'wrong password' } }),
    expect: all(401),
  },
  'POST /auth/v2/confirm-code/': {
    request: () => ({ path: '/auth/v2/confirm-code/', body: { code: '000000' } }),
    // Confirmed members get fresh tokens; the floater has no code mailed, so theirs expired.
    expect: { ...impersonatingRefused(200), floater: 410 },
  },
  'POST /auth/v2/confirm-code/resend/': {
    request: () => ({ path: '/auth/v2/confirm-code/resend/', body: {} }),
    expect: impersonatingRefused(200),
  },
  'POST /auth/v2/reset-password/request/': {
    request: (a) => ({ path: '/auth/v2/reset-password/request/', body: { email: a.owner.email } }),
    expect: all(202),
  },
  'POST /auth/v2/reset-password/': {
    request: () => ({
      path: '/auth/v2/reset-password/',
      body: { token: 'not-a-real-reset-token', password: 'new-password' },
    }),
    expect: impersonatingRefused(410, 410),
  },
  'POST /auth/v2/set-password/': {
    request: () => ({ path: '/auth/v2/set-password/', body: { password: 'a-new-password' } }),
    // Only a floater has no password yet.
    expect: { ...impersonatingRefused(409), floater: 200 },
  },
  'POST /auth/v2/change-password/': {
    request: () => ({
      path: '/auth/v2/change-password/',
      body: { currentPassword: 'wrong password', newPassword: 'whatever' },
    }),
    // Members get the wrong-password answer; a floater has no password to change.
    expect: { ...impersonatingRefused(400), floater: 409 },
  },
  'POST /auth/v2/change-email/': {
    request: () => ({
      path: '/auth/v2/change-email/',
      body: { newEmail: 'new@example.test', password: 'wrong password' },
    }),
    expect: { ...impersonatingRefused(400), floater: 409 },
  },
  'POST /auth/v2/change-email/confirm/': {
    request: () => ({ path: '/auth/v2/change-email/confirm/', body: { code: '000000' } }),
    expect: impersonatingRefused(410),
  },
  'POST /auth/v2/impersonate/': {
    request: (a) => ({ path: '/auth/v2/impersonate/', body: { uid: a.owner.id, reason: 'Permission table' } }),
    expect: all(401),
  },
  'POST /auth/v2/impersonate/stop/': {
    request: () => ({ path: '/auth/v2/impersonate/stop/', body: {} }),
    expect: all(401),
  },
  'POST /auth/v2/switch/': {
    request: (a) => ({ path: '/auth/v2/switch/', body: { uid: a.owner.id } }),
    expect: all(401),
  },
};
