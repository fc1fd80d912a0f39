/**
 * The notices about following (spec §1 friends and following, notifications): "X started following
 * you" in the app and by e-mail with a signed one-click "Follow back" link, and "X made a new wish
 * list" by e-mail to their followers with a signed one-click "Stop following X" link
 * (/actions/follow/{userId}, /actions/unfollow/{userId}: email-actions.ts).
 *
 * Both e-mails are jobs on the database queue, so a follow or a new list never waits for SMTP, and
 * each decides again when it runs: a follow undone meanwhile, a block, a list made private, or the
 * reader's settings (subscribeNotifcations for new followers, subscribeFollowingNotifications for
 * followed people's lists) stop it.
 */
import { displayName } from '../../contracts/identity';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { enqueueJob } from '../../jobs/queue';
import { socialMail } from '../../mail/templates';
import { emailActionUrl } from './email-action-links';
import { createNotification, publishNotifications } from './notify';
import { manageNotificationsUrl } from '../people/settings';

export const NEW_FOLLOWER_MAIL_JOB = 'notifications:new-follower-mail';
export const WISH_LIST_MAIL_JOB = 'notifications:wish-list-mail';

type TMailDeps = Pick<TAppDeps, 'db' | 'mailer' | 'config'>;

const NAME_SELECT = { name: true, firstName: true, lastName: true } as const;

/** Tells `followedId` in the app (live) and queues the e-mail; once a day per pair at most. */
export async function noticeNewFollower(
  deps: Pick<TAppDeps, 'db' | 'bus' | 'log'>,
  input: { followerId: string; followedId: string },
): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  const queued = await enqueueJob(deps.db, {
    kind: NEW_FOLLOWER_MAIL_JOB,
    payload: input,
    uniqueKey: `${NEW_FOLLOWER_MAIL_JOB}:${input.followerId}:${input.followedId}:${day}`,
  });
  // A follow, unfollow and follow again on one day tells the person once.
  if (!queued) return;
  const notificationId = await createNotification(deps.db, {
    userId: input.followedId,
    kind: 'follow',
    payload: { userId: input.followerId },
  });
  await publishNotifications(deps, [{ userId: input.followedId, notificationId }]);
}

export async function sendNewFollowerMail(
  deps: TMailDeps,
  payload: { followerId: string; followedId: string },
): Promise<void> {
  const { db, config } = deps;
  const [follow, followBack, follower, reader] = await Promise.all([
    db.follow.findUnique({
      where: { followerId_followedId: { followerId: payload.followerId, followedId: payload.followedId } },
      select: { followerId: true },
    }),
    db.follow.findUnique({
      where: { followerId_followedId: { followerId: payload.followedId, followedId: payload.followerId } },
      select: { followerId: true },
    }),
    db.user.findUnique({ where: { id: payload.followerId }, select: { ...NAME_SELECT, deletedAt: true } }),
    db.user.findUnique({
      where: { id: payload.followedId },
      select: {
        email: true,
        firstName: true,
        name: true,
        deletedAt: true,
        settings: { select: { emailGuid: true, subscribeNotifcations: true } },
      },
    }),
  ]);
  if (!follow || !follower || follower.deletedAt || !reader?.email || reader.deletedAt) return;
  if (reader.settings && !reader.settings.subscribeNotifcations) return;
  const name = displayName(follower);
  await deps.mailer.send(
    socialMail({
      to: reader.email,
      subject: `${name} started following you`,
      heading: `${name} follows you now`,
      lines: [
        `Hi ${reader.firstName ?? reader.name},`,
        `${name} started following you on Gifting: they will see your new wish lists and your birthday when you share them.`,
      ],
      action: { label: `See ${name}'s profile`, url: `${config.publicUrl}/profile/${payload.followerId}/` },
      links: followBack
        ? []
        : [
            {
              label: `Follow ${name} back`,
              url: emailActionUrl(config, {
                action: 'follow',
                subjectId: payload.followerId,
                userId: payload.followedId,
              }),
            },
          ],
      list: { kind: 'notifications', userId: payload.followedId },
      manageUrl: await manageNotificationsUrl(deps, payload.followedId, reader.settings?.emailGuid),
    }),
  );
}

/** Queues the e-mail to the owner's followers about a new list (inside the list's transaction). */
export async function queueWishListMail(
  tx: Pick<TDb, '$executeRaw'>,
  input: { ownerId: string; wishlistId: string; privacy: string },
): Promise<void> {
  if (input.privacy !== 'public' && input.privacy !== 'followers') return;
  await enqueueJob(tx, {
    kind: WISH_LIST_MAIL_JOB,
    payload: { ownerId: input.ownerId, wishlistId: input.wishlistId },
    uniqueKey: `${WISH_LIST_MAIL_JOB}:${input.wishlistId}`,
  });
}

/**
 * Mails each follower who may see the new list (the same rule as the in-app notice: the list is
 * open to the public or to followers, a private owner's only to the followers they follow back,
 * nobody the owner blocked) and who keeps subscribeFollowingNotifications on.
 */
export async function sendWishListMail(deps: TMailDeps, payload: { ownerId: string; wishlistId: string }) {
  const { db, config } = deps;
  const [list, owner] = await Promise.all([
    db.wishList.findFirst({
      where: { id: payload.wishlistId, ownerId: payload.ownerId, privacy: { in: ['public', 'followers'] } },
      select: { title: true },
    }),
    db.user.findUnique({ where: { id: payload.ownerId }, select: { ...NAME_SELECT, deletedAt: true } }),
  ]);
  if (!list || !owner || owner.deletedAt) return;
  const readers = await db.$queryRaw<
    { id: string; email: string; first_name: string | null; name: string; email_guid: string | null }[]
  >`
    SELECT u.id, u.email, u.first_name, u.name, fs.email_guid
    FROM follows f
    JOIN users u ON u.id = f.follower_id AND u.deleted_at IS NULL AND u.email IS NOT NULL
    LEFT JOIN user_settings fs ON fs.user_id = f.follower_id
    LEFT JOIN user_settings os ON os.user_id = ${payload.ownerId}
    WHERE f.followed_id = ${payload.ownerId}
      AND COALESCE(fs.subscribe_following_notifications, true)
      AND COALESCE(fs.subscribe_notifications, true)
      AND (NOT COALESCE(os.is_private, true)
           OR EXISTS (SELECT 1 FROM follows back WHERE back.follower_id = ${payload.ownerId} AND back.followed_id = f.follower_id))
      AND NOT EXISTS (SELECT 1 FROM blocks k WHERE k.blocker_id = ${payload.ownerId} AND k.blocked_id = f.follower_id)`;
  const name = displayName(owner);
  const url = `${config.publicUrl}/profile/${payload.ownerId}/wish-lists/${payload.wishlistId}/`;
  for (const reader of readers) {
    await deps.mailer.send(
      socialMail({
        to: reader.email,
        subject: `${name} made a new wish list: ${list.title}`,
        heading: `${name}'s new wish list`,
        lines: [`Hi ${reader.first_name ?? reader.name},`, `${name} made a new wish list, ${list.title}.`],
        action: { label: 'See the wish list', url },
        links: [
          {
            label: `Stop following ${name}`,
            url: emailActionUrl(config, { action: 'unfollow', subjectId: payload.ownerId, userId: reader.id }),
          },
        ],
        list: { kind: 'following', userId: reader.id },
        manageUrl: await manageNotificationsUrl(deps, reader.id, reader.email_guid),
      }),
    );
  }
}
