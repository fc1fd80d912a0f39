/**
 * The e-mail about chat messages left unread (at most one per person and chat per hour, queued by
 * sendMessage with a delay): skipped once the person read up to the message, or when their
 * settings (subscribeNotifcations) or, for a group's discussion, their membership flag
 * (isTopicNotificationEnabled) say no, or a block stands between the sender and the reader. A
 * group discussion's e-mail carries a signed one-click "stop e-mails about this discussion" link
 * (/actions/topic-unsubscribe/{groupId}).
 */
import { displayName } from '../../contracts/identity';
import type { TAppDeps } from '../../deps';
import { socialMail } from '../../mail/templates';
import { emailActionUrl } from '../notifications/email-action-links';
import { manageNotificationsUrl } from '../people/settings';

export async function sendChatMail(
  deps: Pick<TAppDeps, 'db' | 'mailer' | 'config'>,
  payload: { conversationId: string; userId: string; messageId: string },
): Promise<void> {
  const { db, config } = deps;
  const [place, message, user] = await Promise.all([
    db.conversationMember.findUnique({
      where: { conversationId_userId: { conversationId: payload.conversationId, userId: payload.userId } },
      select: { lastReadId: true, conversation: { select: { kind: true, groupId: true } } },
    }),
    db.chatMessage.findUnique({
      where: { id: BigInt(payload.messageId) },
      select: { body: true, senderId: true, sender: { select: { name: true, firstName: true, lastName: true } } },
    }),
    db.user.findUnique({
      where: { id: payload.userId },
      select: {
        email: true,
        firstName: true,
        name: true,
        deletedAt: true,
        settings: { select: { emailGuid: true, subscribeNotifcations: true } },
      },
    }),
  ]);
  if (!place || !message || !user?.email || user.deletedAt) return;
  if (place.lastReadId >= BigInt(payload.messageId)) return;
  if (user.settings && !user.settings.subscribeNotifcations) return;
  // A block (either way) since the message was queued: nothing from the one reaches the other.
  const blocked = await db.block.count({
    where: {
      OR: [
        { blockerId: payload.userId, blockedId: message.senderId },
        { blockerId: message.senderId, blockedId: payload.userId },
      ],
    },
  });
  if (blocked > 0) return;
  const sender = displayName(message.sender);
  const url = `${config.publicUrl}/messages/chats/?conversation=${payload.conversationId}`;
  const manageUrl = await manageNotificationsUrl(deps, payload.userId, user.settings?.emailGuid);
  const hello = `Hi ${user.firstName ?? user.name},`;
  const preview = message.body.length > 300 ? `${message.body.slice(0, 300)}…` : message.body;
  const groupId = place.conversation.groupId;
  if (place.conversation.kind === 'group' && groupId) {
    const [group, membership] = await Promise.all([
      db.group.findFirst({ where: { id: groupId, deletedAt: null }, select: { name: true } }),
      db.groupMember.findUnique({
        where: { groupId_userId: { groupId, userId: payload.userId } },
        select: { status: true, isTopicNotificationEnabled: true },
      }),
    ]);
    if (!group || membership?.status !== 'active' || !membership.isTopicNotificationEnabled) return;
    await deps.mailer.send(
      socialMail({
        to: user.email,
        subject: `New in ${group.name}: ${sender} wrote`,
        heading: `${group.name}: new messages`,
        lines: [hello, `${sender} wrote in ${group.name}:`, preview],
        action: { label: 'Read and reply', url },
        links: [
          {
            label: `Stop e-mails about ${group.name}'s discussion`,
            url: emailActionUrl(config, { action: 'topic-unsubscribe', subjectId: groupId, userId: payload.userId }),
          },
        ],
        list: { kind: 'notifications', userId: payload.userId },
        manageUrl,
      }),
    );
    return;
  }
  await deps.mailer.send(
    socialMail({
      to: user.email,
      subject: `${sender} sent you a message`,
      heading: `A message from ${sender}`,
      lines: [hello, `${sender} wrote:`, preview],
      action: { label: 'Read and reply', url },
      list: { kind: 'notifications', userId: payload.userId },
      manageUrl,
    }),
  );
}
