/**
 * Marking a gift received, and the one-way reveal of its givers (issue 24).
 *
 * Marking a wish received (its owner, or their family manager) shows who claimed it, under the
 * gifts received. That reveal is deliberate and for good:
 * - the first marking stamps the wish (`givers_revealed_at`) and each claim it showed
 *   (`wish_claims.revealed_at`); un-marking clears `received_at` only, so the revealed givers stay
 *   listed, and a revealed claim can no longer be changed or taken back (claims.ts);
 * - each giver it showed is told, in the app (a 'gift-received' notification) and by e-mail when
 *   their notification e-mails are on, in the same transaction as the reveal (the mail goes through
 *   the job queue, so a mail outage is retried and never undoes the reveal);
 * - a claim made after an un-marking stays hidden until the wish is marked received again, which
 *   reveals (and tells) only the givers not revealed before.
 * The wish row is locked (SELECT … FOR UPDATE) as claiming locks it, so a claim and a marking are
 * served one after the other.
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import { displayName } from '../../contracts/identity';
import type { TOwnWish } from '../../contracts/wish-lists';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJob } from '../../jobs/queue';
import { giftReceivedMail } from '../../mail/templates';
import { createNotification, publishNotifications } from '../notifications/notify';
import { requireKnown } from '../people/access';
import { manageNotificationsUrl } from '../people/settings';
import { canEditListsOf } from './access';
import { WISH_SELECT } from './lists';
import { ownWish } from './shapes';

export const GIFT_RECEIVED_MAIL_JOB = 'wish-lists:gift-received-mail';

/** The payload of a 'gift-received' notification (and of its mail job). */
export interface TGiftReceivedNotice {
  /** The wish's owner. */
  userId: string;
  wishId: string;
  wishlistId: string;
  title: string;
  /** Who marked it received, when not the owner (a family manager). */
  byUserId: string | null;
}

export async function setWishReceived(
  deps: Pick<TAppDeps, 'db'> & Partial<Pick<TAppDeps, 'bus' | 'log'>>,
  identity: TVerifiedIdentity | null,
  input: { wishId: string; received: boolean },
): Promise<TOwnWish> {
  const { db } = deps;
  const caller = requireKnown(identity);
  const wish = await db.wish.findUnique({
    where: { id: input.wishId },
    select: { id: true, wishlistId: true, title: true, wishList: { select: { ownerId: true } } },
  });
  if (!wish) throw new AppError('NOT_FOUND');
  const ownerId = wish.wishList.ownerId;
  if (!(await canEditListsOf(db, caller, ownerId))) throw new AppError('NOT_FOUND');
  const notices: { userId: string; notificationId: string }[] = [];
  await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ received_at: Date | null; givers_revealed_at: Date | null }[]>`
      SELECT received_at, givers_revealed_at FROM wishes WHERE id = ${wish.id} FOR UPDATE`;
    if (!locked) throw new AppError('NOT_FOUND');
    if (!input.received) {
      // Un-marking: the givers already revealed stay revealed.
      await tx.wish.update({ where: { id: wish.id }, data: { receivedAt: null } });
      return;
    }
    const now = new Date();
    await tx.wish.update({
      where: { id: wish.id },
      data: { receivedAt: locked.received_at ?? now, giversRevealedAt: locked.givers_revealed_at ?? now },
    });
    const newlyRevealed = await tx.wishClaim.findMany({
      where: { wishId: wish.id, revealedAt: null },
      select: { id: true, claimerId: true },
    });
    if (newlyRevealed.length === 0) return;
    await tx.wishClaim.updateMany({
      where: { id: { in: newlyRevealed.map((claim) => claim.id) } },
      data: { revealedAt: now },
    });
    const payload: TGiftReceivedNotice = {
      userId: ownerId,
      wishId: wish.id,
      wishlistId: wish.wishlistId,
      title: wish.title,
      byUserId: caller.userId === ownerId ? null : caller.userId,
    };
    for (const claim of newlyRevealed) {
      const notificationId = await createNotification(tx, {
        userId: claim.claimerId,
        kind: 'gift-received',
        payload: { ...payload },
      });
      notices.push({ userId: claim.claimerId, notificationId });
      await enqueueJob(tx, {
        kind: GIFT_RECEIVED_MAIL_JOB,
        payload: { ...payload, giverId: claim.claimerId },
        uniqueKey: `gift-received:${claim.id}`,
      });
    }
  });
  if (deps.bus) await publishNotifications({ bus: deps.bus, log: deps.log }, notices);
  return ownWish(await db.wish.findUniqueOrThrow({ where: { id: wish.id }, select: WISH_SELECT }));
}

/** The e-mail to a giver whose gift was marked received (when their notification e-mails are on). */
export async function sendGiftReceivedMail(
  deps: Pick<TAppDeps, 'db' | 'mailer' | 'config'>,
  payload: TGiftReceivedNotice & { giverId: string },
): Promise<void> {
  const people = await deps.db.user.findMany({
    where: { id: { in: [payload.giverId, payload.userId, ...(payload.byUserId ? [payload.byUserId] : [])] } },
    select: {
      id: true,
      email: true,
      name: true,
      firstName: true,
      lastName: true,
      deletedAt: true,
      settings: { select: { emailGuid: true, subscribeNotifcations: true } },
    },
  });
  const byId = new Map(people.map((person) => [person.id, person]));
  const giver = byId.get(payload.giverId);
  const owner = byId.get(payload.userId);
  if (!giver?.email || giver.deletedAt || !owner || giver.settings?.subscribeNotifcations === false) return;
  const markedBy = payload.byUserId ? byId.get(payload.byUserId) : undefined;
  const base = deps.config.publicUrl;
  await deps.mailer.send(
    giftReceivedMail({
      to: giver.email,
      name: giver.firstName ?? giver.name,
      ownerName: displayName(owner),
      markedByName: markedBy ? displayName(markedBy) : null,
      wishTitle: payload.title,
      listUrl: `${base}/profile/${payload.userId}/wish-lists/${payload.wishlistId}/`,
      list: { kind: 'notifications', userId: payload.giverId },
      manageUrl: await manageNotificationsUrl(deps, payload.giverId, giver.settings?.emailGuid),
    }),
  );
}
