/**
 * One-click e-mail actions (spec §2 e-mail actions): /actions/follow/{userId},
 * /actions/unfollow/{userId}, /actions/topic-unsubscribe/{topicId} (a topic is a group's
 * discussion; its id is the group's id). A link acts at once only when its signature holds: an
 * HMAC-SHA256 over the action, the subject, the addressee and the expiry, keyed from the server's
 * token secret. A forged, altered or expired link, or one opened by someone signed in as another
 * person, does nothing: the screen asks to confirm, and the confirmation is an ordinary signed-in
 * call.
 *
 * The links are made and checked in email-action-links.ts.
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import { displayName } from '../../contracts/identity';
import type { TEmailAction, TEmailActionResult } from '../../contracts/social';
import { checkEmailActionLink } from './email-action-links';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { addFollow } from '../people/follows';

/**
 * What the link is about, by name. A private group's name is told only to its members or to the
 * holder of a good link (an unsigned call with a group id learns nothing).
 */
async function subjectNameOf(
  db: TDb,
  action: TEmailAction,
  subjectId: string,
  knownTo: string | null,
): Promise<string> {
  if (action === 'topic-unsubscribe') {
    const group = await db.group.findFirst({
      where: { id: subjectId, deletedAt: null },
      select: {
        name: true,
        isPrivate: true,
        members: knownTo ? { where: { userId: knownTo }, select: { status: true } } : false,
      },
    });
    if (!group) throw new AppError('NOT_FOUND');
    const isMember = Array.isArray(group.members) && group.members.length > 0;
    return !group.isPrivate || isMember ? group.name : 'this group';
  }
  const person = await db.user.findUnique({
    where: { id: subjectId },
    select: { name: true, firstName: true, lastName: true, deletedAt: true },
  });
  if (!person || person.deletedAt) throw new AppError('NOT_FOUND');
  return displayName(person);
}

/**
 * Acts for the addressee when the link holds (and whoever is signed in, if anyone, is them);
 * otherwise changes nothing and answers 'confirm' with the reason.
 */
export async function performEmailAction(
  deps: Pick<TAppDeps, 'db' | 'bus' | 'log' | 'config'>,
  viewer: TVerifiedIdentity | null,
  input: { action: TEmailAction; subjectId: string; u?: string; e?: string; s?: string },
): Promise<TEmailActionResult> {
  const { db, config } = deps;
  const check = checkEmailActionLink(config, input);
  const subjectName = await subjectNameOf(
    db,
    input.action,
    input.subjectId,
    check.ok ? check.userId : (viewer?.userId ?? null),
  );
  if (!check.ok) return { status: 'confirm', action: input.action, subjectName, reason: check.reason };
  if (viewer && viewer.userId !== check.userId)
    return { status: 'confirm', action: input.action, subjectName, reason: 'other-user' };
  const userId = check.userId;
  const user = await db.user.findUnique({ where: { id: userId }, select: { deletedAt: true } });
  if (!user || user.deletedAt) return { status: 'confirm', action: input.action, subjectName, reason: 'invalid' };
  if (input.action === 'topic-unsubscribe') {
    await db.groupMember.updateMany({
      where: { groupId: input.subjectId, userId },
      data: { isTopicNotificationEnabled: false },
    });
  } else if (input.action === 'unfollow') {
    await db.follow.deleteMany({ where: { followerId: userId, followedId: input.subjectId } });
  } else {
    if (userId === input.subjectId) return { status: 'confirm', action: input.action, subjectName, reason: 'invalid' };
    // A block either way keeps people apart, whatever the link says (addFollow refuses it).
    try {
      await addFollow(deps, userId, input.subjectId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        throw new AppError('FORBIDDEN', { message: 'You can’t follow this person' });
      throw error;
    }
  }
  return { status: 'done', action: input.action, subjectName };
}
