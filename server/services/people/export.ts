/**
 * "Download my data": everything the product keeps about the signed-in member, as one JSON
 * document: the profile and its settings, relations, wish lists and wishes, purchases, gift
 * exchanges, groups, conversations, notifications, reminders and activity.
 *
 * The export obeys the same secrecy as the screens: the member's own wishes carry no claims (who
 * bought what stays hidden until a gift is marked received), an exchange shows the member's own
 * recipient but never their giver, and anonymous messages and thank-yous to a Secret Santa name
 * nobody. Messages from people who blocked the member are left out, as in the app.
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { ownerSideOf } from '../wish-lists/access';
import { requireMember } from './access';

export async function exportMyData(db: TDb, identity: TVerifiedIdentity | null) {
  const caller = requireMember(identity);
  const userId = caller.userId;
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      username: true,
      name: true,
      firstName: true,
      lastName: true,
      birthdayMonth: true,
      birthdayDay: true,
      gender: true,
      locale: true,
      createdAt: true,
      deletedAt: true,
      settings: true,
      mailingAddress: true,
      preferences: { select: { preferenceSet: true, market: true } },
      following: { select: { followedId: true, createdAt: true } },
      followers: { select: { followerId: true, createdAt: true } },
      blocking: { select: { blockedId: true, createdAt: true } },
      managedChildren: { select: { childId: true, createdAt: true } },
      parentAccounts: { select: { parentId: true, createdAt: true } },
      contacts: { select: { name: true, email: true, createdAt: true } },
      termsAcceptance: { select: { version: true, acceptedAt: true } },
    },
  });
  if (!user || user.deletedAt) throw new AppError('NOT_FOUND');
  const { settings, deletedAt: _deleted, ...profile } = user;
  const {
    userId: _owner,
    emailGuid: _secret,
    updatedAt: _updated,
    ...settingValues
  } = settings ?? {
    userId,
    emailGuid: '',
    updatedAt: null,
  };
  const [wishLists, purchases, exchanges, groups, conversations, notifications, reminders, activity] =
    await Promise.all([
      exportWishLists(db, userId),
      exportPurchases(db, caller),
      exportExchanges(db, userId),
      exportGroups(db, userId),
      exportConversations(db, userId),
      db.notification.findMany({
        where: { userId },
        select: { kind: true, payload: true, createdAt: true, readAt: true },
        orderBy: { createdAt: 'asc' },
      }),
      db.reminder.findMany({
        where: { userId },
        select: { kind: true, title: true, path: true, dueOn: true, dismissedAt: true },
        orderBy: { dueOn: 'asc' },
      }),
      db.activityEvent.findMany({
        where: { actorId: userId },
        select: { kind: true, groupId: true, exchangeId: true, wishListId: true, payload: true, createdAt: true },
        orderBy: { id: 'asc' },
      }),
    ]);
  return {
    exportedAt: new Date().toISOString(),
    format: 'gifting-export/2',
    profile: { ...profile, settings: settings ? settingValues : null },
    wishLists,
    purchases,
    exchanges,
    groups,
    conversations,
    notifications: notifications.map((row) => ({ ...row, payload: parseJson(row.payload) })),
    reminders,
    activity: activity.map((row) => ({ ...row, payload: parseJson(row.payload) })),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The member's lists and wishes, without claims (the owner never learns who bought what). */
function exportWishLists(db: TDb, userId: string) {
  return db.wishList.findMany({
    where: { ownerId: userId },
    orderBy: { sortOrder: 'asc' },
    select: {
      id: true,
      title: true,
      description: true,
      privacy: true,
      exchangeId: true,
      eventDate: true,
      createdAt: true,
      wishes: {
        orderBy: { sortOrder: 'asc' },
        select: {
          id: true,
          title: true,
          description: true,
          priceAmount: true,
          currency: true,
          merchant: true,
          quantity: true,
          url: true,
          priority: true,
          notes: true,
          receivedAt: true,
          giversRevealedAt: true,
          createdAt: true,
        },
      },
    },
  });
}

/**
 * What the member marked bought, and for whom; not what they bought for the exporting session's
 * own side (a parent switched into their child exports the child's data without the gifts the
 * child was given to buy them): the claim secrecy of wish-lists/access.ts `ownerSideOf`.
 */
async function exportPurchases(db: TDb, caller: TVerifiedIdentity) {
  const userId = caller.userId;
  const claims = await db.wishClaim.findMany({
    where: { claimerId: userId },
    orderBy: { createdAt: 'asc' },
    select: {
      quantity: true,
      createdAt: true,
      wish: { select: { id: true, title: true, wishList: { select: { id: true, title: true, ownerId: true } } } },
    },
  });
  const ownSide = await ownerSideOf(
    db,
    caller,
    claims.map((claim) => claim.wish.wishList.ownerId),
  );
  return claims
    .filter((claim) => !ownSide.has(claim.wish.wishList.ownerId))
    .map((claim) => ({
      wishId: claim.wish.id,
      wishTitle: claim.wish.title,
      wishListId: claim.wish.wishList.id,
      wishListTitle: claim.wish.wishList.title,
      forUserId: claim.wish.wishList.ownerId,
      quantity: claim.quantity,
      createdAt: claim.createdAt,
    }));
}

/** The member's exchanges: their seat, their own recipient, their answers and anonymous messages. */
async function exportExchanges(db: TDb, userId: string) {
  const [seats, recipients, answers, messages, thankYous] = await Promise.all([
    db.exchangeParticipant.findMany({
      where: { userId },
      select: {
        status: true,
        comment: true,
        willShipInternationally: true,
        notifyOfReplies: true,
        respondedAt: true,
        exchange: {
          select: { id: true, title: true, exchangeDate: true, status: true, organizerId: true, deliveryType: true },
        },
      },
    }),
    db.exchangeAssignment.findMany({ where: { giverId: userId }, select: { exchangeId: true, receiverId: true } }),
    db.exchangeAnswer.findMany({
      where: { userId },
      select: { answer: true, question: { select: { exchangeId: true, text: true } } },
    }),
    db.exchangeMessage.findMany({
      where: { OR: [{ giverId: userId }, { receiverId: userId }] },
      orderBy: { createdAt: 'asc' },
      select: { exchangeId: true, giverId: true, receiverId: true, fromGiver: true, body: true, createdAt: true },
    }),
    db.exchangeThankYou.findMany({
      where: { fromUserId: userId },
      select: { exchangeId: true, body: true, createdAt: true },
    }),
  ]);
  const recipientOf = new Map(recipients.map((row) => [row.exchangeId, row.receiverId]));
  return seats.map((seat) => {
    const exchangeId = seat.exchange.id;
    const { exchange, ...answer } = seat;
    return {
      exchangeId,
      title: exchange.title,
      exchangeDate: exchange.exchangeDate,
      exchangeStatus: exchange.status,
      deliveryType: exchange.deliveryType,
      isOrganizer: exchange.organizerId === userId,
      myAnswer: answer,
      myRecipientUserId: recipientOf.get(exchangeId) ?? null,
      iceBreakerAnswers: answers
        .filter((row) => row.question.exchangeId === exchangeId)
        .map((row) => ({ question: row.question.text, answer: row.answer })),
      messages: messages
        .filter((row) => row.exchangeId === exchangeId)
        .map((row) => {
          const iAmGiver = row.giverId === userId;
          return {
            // With my recipient (I am their Secret Santa) or with my Secret Santa (never named).
            conversation: iAmGiver ? 'with my recipient' : 'with my Secret Santa',
            ...(iAmGiver ? { recipientUserId: row.receiverId } : {}),
            sentByMe: iAmGiver === row.fromGiver,
            body: row.body,
            createdAt: row.createdAt,
          };
        }),
      thankYouToMySecretSanta: thankYous.find((row) => row.exchangeId === exchangeId) ?? null,
    };
  });
}

function exportGroups(db: TDb, userId: string) {
  return db.groupMember.findMany({
    where: { userId },
    select: {
      status: true,
      role: true,
      isBirthdayAlertsEnabled: true,
      isReceiverOnly: true,
      isTopicNotificationEnabled: true,
      createdAt: true,
      group: { select: { id: true, name: true, description: true, isPrivate: true } },
    },
  });
}

/** The member's chats: every message they can read there, theirs marked as such. */
async function exportConversations(db: TDb, userId: string) {
  const [memberships, blockers] = await Promise.all([
    db.conversationMember.findMany({
      where: { userId },
      select: {
        conversation: {
          select: {
            id: true,
            kind: true,
            groupId: true,
            members: { where: { userId: { not: userId } }, select: { userId: true } },
          },
        },
      },
    }),
    db.block.findMany({ where: { blockedId: userId }, select: { blockerId: true } }),
  ]);
  const ids = memberships.map((row) => row.conversation.id);
  const messages = await db.chatMessage.findMany({
    where: { conversationId: { in: ids }, senderId: { notIn: blockers.map((row) => row.blockerId) } },
    orderBy: { id: 'asc' },
    select: { conversationId: true, senderId: true, body: true, createdAt: true },
  });
  return memberships.map(({ conversation }) => ({
    conversationId: conversation.id,
    kind: conversation.kind,
    groupId: conversation.groupId,
    withUserIds: conversation.kind === 'direct' ? conversation.members.map((member) => member.userId) : [],
    messages: messages
      .filter((message) => message.conversationId === conversation.id)
      .map((message) => ({
        sentByMe: message.senderId === userId,
        senderUserId: message.senderId,
        body: message.body,
        createdAt: message.createdAt,
      })),
  }));
}
