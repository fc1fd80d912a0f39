/**
 * The request-wishlist dialog (`?requestWishlist={userId}`): a member asks someone without a list
 * they can see, to make one. They get a notification and, per their settings, an e-mail (sent by a job so a
 * mail-server outage is retried). Asking again within a week changes nothing.
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import { displayName } from '../../contracts/identity';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJob } from '../../jobs/queue';
import { wishListRequestMail } from '../../mail/templates';
import { requireMember, visiblePerson } from '../people/access';
import { createNotification } from '../notifications/notify';
import { listWishLists } from './lists';
import { manageNotificationsUrl } from '../people/settings';

export const WISH_LIST_REQUEST_MAIL_JOB = 'wish-lists:request-mail';
const REPEAT_WINDOW_MS = 7 * 24 * 3_600_000;

export async function requestWishList(
  deps: Pick<TAppDeps, 'db'>,
  identity: TVerifiedIdentity | null,
  userId: string,
): Promise<{ ok: true; alreadyAsked: boolean }> {
  const caller = requireMember(identity);
  if (caller.userId === userId)
    throw new AppError('BAD_REQUEST', { message: 'You cannot ask yourself for a wish list' });
  const { person } = await visiblePerson(deps.db, caller, userId);
  if (person.deletedAt) throw new AppError('NOT_FOUND');
  // Only lists the caller can see count: refusing because of hidden ones would reveal them, and
  // asking someone whose lists you can't see for one you can is a fair request.
  const visible = await listWishLists(deps.db, caller, userId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'FORBIDDEN') return [];
    throw error;
  });
  if (visible.length > 0) throw new AppError('CONFLICT', { message: 'They already have a wish list' });
  const recent = await deps.db.notification.findFirst({
    where: {
      userId,
      kind: 'wish-list-request',
      createdAt: { gt: new Date(Date.now() - REPEAT_WINDOW_MS) },
      payload: { contains: `"requesterId":"${caller.userId}"` },
    },
    select: { id: true },
  });
  if (recent) return { ok: true, alreadyAsked: true };
  await deps.db.$transaction(async (tx) => {
    const notificationId = await createNotification(tx, {
      userId,
      kind: 'wish-list-request',
      payload: { requesterId: caller.userId },
    });
    await enqueueJob(tx, {
      kind: WISH_LIST_REQUEST_MAIL_JOB,
      payload: { userId, requesterId: caller.userId },
      uniqueKey: `wish-list-request:${notificationId}`,
    });
  });
  return { ok: true, alreadyAsked: false };
}

export async function sendWishListRequestMail(
  deps: Pick<TAppDeps, 'db' | 'mailer' | 'config'>,
  payload: { userId: string; requesterId: string },
): Promise<void> {
  const [user, requester] = await Promise.all([
    deps.db.user.findUnique({
      where: { id: payload.userId },
      select: {
        email: true,
        name: true,
        firstName: true,
        deletedAt: true,
        settings: { select: { emailGuid: true, subscribeNotifcations: true } },
      },
    }),
    deps.db.user.findUnique({
      where: { id: payload.requesterId },
      select: { name: true, firstName: true, lastName: true },
    }),
  ]);
  if (!user?.email || user.deletedAt || !requester || user.settings?.subscribeNotifcations === false) return;
  const base = deps.config.publicUrl;
  await deps.mailer.send(
    wishListRequestMail({
      to: user.email,
      name: user.firstName ?? user.name,
      requesterName: displayName(requester),
      createUrl: `${base}/wish-lists/create/`,
      list: { kind: 'notifications', userId: payload.userId },
      manageUrl: await manageNotificationsUrl(deps, payload.userId, user.settings?.emailGuid),
    }),
  );
}
