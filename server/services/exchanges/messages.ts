/**
 * Anonymous messages between a giver and their recipient, both ways. The recipient never learns
 * who their giver is: every face names the giver "Your Secret Santa", and the notification and
 * e-mail of a message to the recipient say the same.
 */
import { randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import { exchangeTheme, type TConversationPartner } from '../../contracts/exchanges';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJob } from '../../jobs/queue';
import { exchangeMail } from '../../mail/templates';
import { createNotification, publishNotifications } from '../notifications/notify';
import { PERSON_SELECT, summarize } from '../people/access';
import { accessExchange, requireDrawSeat, requireKnownCaller } from './access';
import { manageNotificationsUrl } from '../people/settings';

export const SANTA_NAME = 'Your Secret Santa';
export const MESSAGE_MAIL_JOB = 'exchanges:message-mail';

type TDeps = Pick<TAppDeps, 'db'>;

/** The pair of a conversation: the caller and their recipient, or their Secret Santa and the caller. */
async function pairOf(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
  partner: TConversationPartner,
) {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const seat = requireDrawSeat(access);
  const pair =
    partner === 'recipient'
      ? await deps.db.exchangeAssignment.findUnique({
          where: { exchangeId_giverId: { exchangeId, giverId: seat.userId } },
          select: { giverId: true, receiverId: true },
        })
      : await deps.db.exchangeAssignment.findUnique({
          where: { exchangeId_receiverId: { exchangeId, receiverId: seat.userId } },
          select: { giverId: true, receiverId: true },
        });
  if (!pair) throw new AppError('NOT_FOUND', { message: 'The names have not been drawn yet' });
  return { access, pair, iAmGiver: partner === 'recipient' };
}

export async function getConversation(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; with: TConversationPartner },
) {
  const { pair, iAmGiver } = await pairOf(deps, identity, input.exchangeId, input.with);
  const messages = await deps.db.exchangeMessage.findMany({
    where: { exchangeId: input.exchangeId, giverId: pair.giverId, receiverId: pair.receiverId },
    orderBy: { createdAt: 'asc' },
    take: 500,
  });
  const recipient = iAmGiver
    ? summarize(await deps.db.user.findUniqueOrThrow({ where: { id: pair.receiverId }, select: PERSON_SELECT }))
    : null;
  // Reading the conversation marks what the other side wrote as read.
  await deps.db.exchangeMessage.updateMany({
    where: {
      exchangeId: input.exchangeId,
      giverId: pair.giverId,
      receiverId: pair.receiverId,
      fromGiver: !iAmGiver,
      readAt: null,
    },
    data: { readAt: new Date() },
  });
  const partnerName = recipient ? recipient.displayName : SANTA_NAME;
  return {
    with: input.with,
    partnerName,
    partnerPictureUrl: recipient ? recipient.pictureUrl : null,
    messages: messages.map((message) => {
      const mine = message.fromGiver === iAmGiver;
      return {
        messageId: message.id,
        mine,
        authorName: mine ? 'You' : partnerName,
        body: message.body,
        createdAt: message.createdAt.toISOString(),
      };
    }),
  };
}

export async function sendMessage(
  deps: Pick<TAppDeps, 'db' | 'bus' | 'log'>,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; with: TConversationPartner; body: string },
) {
  const { access, pair, iAmGiver } = await pairOf(deps, identity, input.exchangeId, input.with);
  if (access.exchange.status === 'archived')
    throw new AppError('CONFLICT', { message: 'This exchange is archived; it can no longer change' });
  const id = randomUUID();
  const createdAt = new Date();
  const to = iAmGiver ? pair.receiverId : pair.giverId;
  const notificationId = await deps.db.$transaction(async (tx) => {
    await tx.exchangeMessage.create({
      data: {
        id,
        exchangeId: input.exchangeId,
        giverId: pair.giverId,
        receiverId: pair.receiverId,
        fromGiver: iAmGiver,
        body: input.body,
        createdAt,
      },
    });
    // The notice names the writer only as the reader may know them.
    const notice = await createNotification(tx, {
      userId: to,
      kind: 'exchange',
      payload: { exchangeId: input.exchangeId, event: 'message', from: iAmGiver ? 'santa' : 'recipient' },
    });
    await enqueueJob(tx, {
      kind: MESSAGE_MAIL_JOB,
      payload: { exchangeId: input.exchangeId, userId: to, fromSanta: iAmGiver },
      uniqueKey: `exchange-message:${id}`,
    });
    return notice;
  });
  // Open pages of the reader hear of it live (the bell, the exchange overview, /messages/): the
  // event names only the notification, whose payload says "santa" or "recipient", never the giver.
  await publishNotifications(deps, [{ userId: to, notificationId }]);
  return { messageId: id, mine: true, authorName: 'You', body: input.body, createdAt: createdAt.toISOString() };
}

/** Every anonymous conversation of the caller, across exchanges (for /messages). */
export async function listConversations(deps: TDeps, identity: TVerifiedIdentity | null) {
  const caller = requireKnownCaller(identity);
  const pairs = await deps.db.exchangeAssignment.findMany({
    where: {
      OR: [{ giverId: caller.userId }, { receiverId: caller.userId }],
      exchange: { status: { not: 'archived' } },
    },
    select: { exchangeId: true, giverId: true, receiverId: true, exchange: { select: { title: true } } },
    take: 200,
  });
  const recipients = new Map(
    (
      await deps.db.user.findMany({
        where: { id: { in: pairs.filter((pair) => pair.giverId === caller.userId).map((pair) => pair.receiverId) } },
        select: PERSON_SELECT,
      })
    ).map((person) => [person.id, summarize(person).displayName]),
  );
  // One read of the caller's messages (newest first) gives every conversation's last line and unread count.
  const messages = await deps.db.exchangeMessage.findMany({
    where: {
      exchangeId: { in: [...new Set(pairs.map((pair) => pair.exchangeId))] },
      OR: [{ giverId: caller.userId }, { receiverId: caller.userId }],
    },
    orderBy: { createdAt: 'desc' },
    select: {
      exchangeId: true,
      giverId: true,
      receiverId: true,
      fromGiver: true,
      body: true,
      createdAt: true,
      readAt: true,
    },
    take: 5000,
  });
  const keyOf = (row: { exchangeId: string; giverId: string; receiverId: string }) =>
    `${row.exchangeId}:${row.giverId}:${row.receiverId}`;
  const byPair = new Map<string, typeof messages>();
  for (const message of messages) byPair.set(keyOf(message), [...(byPair.get(keyOf(message)) ?? []), message]);
  return pairs.map((pair) => {
    const iAmGiver = pair.giverId === caller.userId;
    const thread = byPair.get(keyOf(pair)) ?? [];
    const last = thread[0];
    return {
      exchangeId: pair.exchangeId,
      exchangeTitle: pair.exchange.title,
      with: (iAmGiver ? 'recipient' : 'santa') as TConversationPartner,
      partnerName: iAmGiver ? (recipients.get(pair.receiverId) ?? 'Former member') : SANTA_NAME,
      lastMessage: last?.body ?? null,
      lastAt: last?.createdAt.toISOString() ?? null,
      unread: thread.filter((message) => message.fromGiver !== iAmGiver && message.readAt === null).length,
    };
  });
}

/** Mails a message notice when the reader asked for replies by e-mail (`notifyOfReplies`). */
export async function sendMessageMail(
  deps: Pick<TAppDeps, 'db' | 'mailer' | 'config'>,
  payload: { exchangeId: string; userId: string; fromSanta: boolean },
): Promise<void> {
  const [exchange, seat] = await Promise.all([
    deps.db.exchange.findUnique({ where: { id: payload.exchangeId }, select: { title: true, themeId: true } }),
    deps.db.exchangeParticipant.findUnique({
      where: { exchangeId_userId: { exchangeId: payload.exchangeId, userId: payload.userId } },
      select: {
        notifyOfReplies: true,
        user: {
          select: {
            email: true,
            name: true,
            firstName: true,
            deletedAt: true,
            settings: { select: { emailGuid: true } },
          },
        },
      },
    }),
  ]);
  if (!exchange || !seat?.notifyOfReplies || !seat.user.email || seat.user.deletedAt) return;
  await deps.mailer.send(
    exchangeMail({
      to: seat.user.email,
      theme: exchangeTheme(exchange.themeId),
      subject: payload.fromSanta ? `${SANTA_NAME} wrote to you` : 'The person you drew wrote to you',
      heading: 'A new message',
      lines: [
        `Hi ${seat.user.firstName ?? seat.user.name},`,
        payload.fromSanta
          ? `${SANTA_NAME} in "${exchange.title}" sent you a message.`
          : `The person you give to in "${exchange.title}" sent you a message.`,
      ],
      action: { label: 'Read it', url: `${deps.config.publicUrl}/gift-exchanges/${payload.exchangeId}/` },
      list: { kind: 'notifications', userId: payload.userId },
      manageUrl: await manageNotificationsUrl(deps, payload.userId, seat.user.settings?.emailGuid),
    }),
  );
}
