/**
 * One-click e-mail actions (spec §2 e-mail actions): /actions/follow/{userId},
 * /actions/unfollow/{userId}, /actions/topic-unsubscribe/{topicId} (a topic is a group's
 * discussion; its id is the group's id). A link acts at once only when its signature holds: an
 * HMAC-SHA256 over the action, the subject, the addressee and the expiry, keyed from the server's
 * token secret. A forged, altered or expired link, or one opened by someone signed in as another
 * person, does nothing: the screen asks to confirm, and the confirmation is an ordinary signed-in
 * call.
 *
 * Hand-written on node:crypto on purpose: the rule (what is signed, what a bad link does) is the
 * spec's; the primitives (HMAC, timingSafeEqual) are the platform's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TConfig } from '../../config';
import { displayName } from '../../contracts/identity';
import type { TEmailAction, TEmailActionResult } from '../../contracts/social';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';

/** How long an e-mail action link acts on its own. */
export const EMAIL_ACTION_TTL_SECONDS = 30 * 86_400;

const PATHS: Record<TEmailAction, string> = {
  follow: '/actions/follow/',
  unfollow: '/actions/unfollow/',
  'topic-unsubscribe': '/actions/topic-unsubscribe/',
};

function keyOf(config: Pick<TConfig, 'jwt'>): Buffer {
  const material = config.jwt.algorithm === 'HS256' ? config.jwt.secret : config.jwt.privateKey;
  return createHmac('sha256', material).update('gifting:email-actions:v1').digest();
}

function signatureOf(config: Pick<TConfig, 'jwt'>, action: string, subjectId: string, userId: string, expires: string) {
  return createHmac('sha256', keyOf(config))
    .update(`${action}\n${subjectId}\n${userId}\n${expires}`)
    .digest('base64url');
}

/** The absolute, signed address of an e-mail action for the person the e-mail goes to. */
export function emailActionUrl(
  config: Pick<TConfig, 'jwt' | 'publicUrl'>,
  input: { action: TEmailAction; subjectId: string; userId: string; now?: Date; ttlSeconds?: number },
): string {
  const expires = String(
    Math.floor((input.now ?? new Date()).getTime() / 1000) + (input.ttlSeconds ?? EMAIL_ACTION_TTL_SECONDS),
  );
  const signature = signatureOf(config, input.action, input.subjectId, input.userId, expires);
  const query = new URLSearchParams({ u: input.userId, e: expires, s: signature });
  return `${config.publicUrl}${PATHS[input.action]}${input.subjectId}/?${query.toString()}`;
}

export type TLinkCheck = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a link's signature and expiry (constant-time comparison). */
export function checkEmailActionLink(
  config: Pick<TConfig, 'jwt'>,
  input: { action: TEmailAction; subjectId: string; u?: string; e?: string; s?: string },
  now = new Date(),
): TLinkCheck {
  if (!input.u || !input.e || !input.s || !/^\d{1,12}$/.test(input.e)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signatureOf(config, input.action, input.subjectId, input.u, input.e));
  const given = Buffer.from(input.s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  if (Number(input.e) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: input.u };
}

async function subjectNameOf(db: TDb, action: TEmailAction, subjectId: string): Promise<string> {
  if (action === 'topic-unsubscribe') {
    const group = await db.group.findFirst({ where: { id: subjectId, deletedAt: null }, select: { name: true } });
    if (!group) throw new AppError('NOT_FOUND');
    return group.name;
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
  db: TDb,
  config: Pick<TConfig, 'jwt'>,
  viewer: TVerifiedIdentity | null,
  input: { action: TEmailAction; subjectId: string; u?: string; e?: string; s?: string },
): Promise<TEmailActionResult> {
  const subjectName = await subjectNameOf(db, input.action, input.subjectId);
  const check = checkEmailActionLink(config, input);
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
    // A block either way keeps people apart, whatever the link says.
    const blocked = await db.block.findFirst({
      where: {
        OR: [
          { blockerId: userId, blockedId: input.subjectId },
          { blockerId: input.subjectId, blockedId: userId },
        ],
      },
      select: { blockerId: true },
    });
    if (blocked) throw new AppError('FORBIDDEN', { message: 'You can’t follow this person' });
    await db.$executeRaw`INSERT IGNORE INTO follows (follower_id, followed_id) VALUES (${userId}, ${input.subjectId})`;
  }
  return { status: 'done', action: input.action, subjectName };
}
