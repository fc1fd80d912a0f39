/**
 * Price drops (spec §4 price-drop flow): a member watches a product (from its card or from one of
 * their wishes that came from the shop). The scheduled scan notices prices below what the member
 * last saw, tells them in the app and by e-mail (subscribePriceDropNotifications governs both),
 * and moves their baseline so each drop is told once.
 *
 * Exactly once, even with several workers scanning at the same moment: the baseline moves with a
 * conditional UPDATE (… WHERE baseline_amount = the old one), and only the worker whose UPDATE
 * changed the row writes the notification and schedules the e-mail (a job with a unique key).
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TPriceDropStatus, TProductDetail } from '../../contracts/shop';
import type { TAppDeps } from '../../deps';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueJob } from '../../jobs/queue';
import { priceDropMail } from '../../mail/templates';
import { requireMember } from '../people/access';
import { createNotification } from '../notifications/notify';
import { getProduct } from './products';
import { randomUUID } from 'node:crypto';
import { formatMoneyIn } from '../../contracts/money';
import { manageNotificationsUrl } from '../people/settings';

type TDeps = Pick<TAppDeps, 'db' | 'cache' | 'log'>;

export const PRICE_DROP_SCAN_JOB = 'price-drops:scan';
export const PRICE_DROP_MAIL_JOB = 'price-drops:mail';

/** Money in a price-drop e-mail, written as the shop writes it (server/contracts/money.ts). */
export function formatMoney(amount: number, currency: string, market?: string | null): string {
  return formatMoneyIn({ amount, currency }, market);
}

async function notificationsEnabled(db: TDb, userId: string): Promise<boolean> {
  const settings = await db.userSettings.findUnique({
    where: { userId },
    select: { subscribePriceDropNotifications: true },
  });
  return settings?.subscribePriceDropNotifications ?? true;
}

/** The product a sign-up is about: given directly, or the caller's wish's product. */
async function productOfTarget(
  db: TDb,
  caller: TVerifiedIdentity,
  target: { productId?: string; wishId?: string },
): Promise<string> {
  if (target.productId) return target.productId;
  const wish = await db.wish.findUnique({
    where: { id: target.wishId! },
    select: { productId: true, wishList: { select: { ownerId: true } } },
  });
  if (!wish || wish.wishList.ownerId !== caller.userId) throw new AppError('NOT_FOUND');
  if (!wish.productId) {
    throw new AppError('VALIDATION', {
      fieldErrors: { wishId: 'Only wishes from the shop have a price we can watch' },
    });
  }
  return wish.productId;
}

export async function priceDropStatus(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  productId: string,
): Promise<TPriceDropStatus> {
  const caller = requireMember(identity);
  const product = await deps.db.product.findUnique({ where: { id: productId }, select: { id: true, currency: true } });
  if (!product) throw new AppError('NOT_FOUND', { message: 'No such product' });
  const row = await deps.db.priceDropSubscription.findUnique({
    where: { userId_productId: { userId: caller.userId, productId } },
    select: { baselineAmount: true },
  });
  return {
    productId,
    isSubscribed: Boolean(row),
    notificationsEnabled: await notificationsEnabled(deps.db, caller.userId),
    baseline: row ? { amount: Number(row.baselineAmount.toString()), currency: product.currency } : null,
  };
}

/** Signs the caller up for drops of a product (idempotent); the baseline is today's price. */
export async function subscribePriceDrop(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  target: { productId?: string; wishId?: string },
): Promise<TPriceDropStatus> {
  const caller = requireMember(identity);
  const productId = await productOfTarget(deps.db, caller, target);
  const product = await deps.db.product.findUnique({
    where: { id: productId },
    select: { id: true, priceAmount: true },
  });
  if (!product) throw new AppError('NOT_FOUND', { message: 'No such product' });
  await deps.db.priceDropSubscription.upsert({
    where: { userId_productId: { userId: caller.userId, productId } },
    create: { id: randomUUID(), userId: caller.userId, productId, baselineAmount: product.priceAmount },
    update: {},
  });
  return priceDropStatus(deps, caller, productId);
}

export async function unsubscribePriceDrop(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  productId: string,
): Promise<TPriceDropStatus> {
  const caller = requireMember(identity);
  await deps.db.priceDropSubscription.deleteMany({ where: { userId: caller.userId, productId } });
  return priceDropStatus(deps, caller, productId);
}

/** /actions/show-price-drop/: the product with the old price the member's alert was about. */
export async function showPriceDrop(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  productId: string,
): Promise<TProductDetail & { oldPrice: { amount: number; currency: string } | null }> {
  const product = await getProduct(deps, productId);
  let oldPrice = product.previousPrice;
  if (identity) {
    const told = await deps.db.notification.findFirst({
      where: { userId: identity.userId, kind: 'price-drop', payload: { contains: `"productId":"${productId}"` } },
      orderBy: { createdAt: 'desc' },
      select: { payload: true },
    });
    if (told) {
      const payload = JSON.parse(told.payload) as { oldAmount?: number };
      if (typeof payload.oldAmount === 'number')
        oldPrice = { amount: payload.oldAmount, currency: product.price.currency };
    }
  }
  return { ...product, oldPrice };
}

/** The scheduled scan: every watch whose product is now below its baseline is told once. */
export async function scanPriceDrops(deps: Pick<TAppDeps, 'db'>): Promise<number> {
  const drops = await deps.db.$queryRaw<
    {
      id: string;
      user_id: string;
      product_id: string;
      baseline_amount: unknown;
      price_amount: unknown;
      currency: string;
      market: string;
      title: string;
    }[]
  >`
    SELECT s.id, s.user_id, s.product_id, s.baseline_amount, p.price_amount, p.currency, p.market_code AS market, p.title
    FROM price_drop_subscriptions s
    JOIN products p ON p.id = s.product_id
    JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
    LEFT JOIN user_settings us ON us.user_id = s.user_id
    WHERE p.price_amount < s.baseline_amount AND COALESCE(us.subscribe_price_drop_notifications, TRUE)
    LIMIT 1000`;
  let told = 0;
  for (const drop of drops) {
    const oldAmount = Number(String(drop.baseline_amount));
    const newAmount = Number(String(drop.price_amount));
    const won = await deps.db.$transaction(async (tx) => {
      const moved = await tx.$executeRaw`
        UPDATE price_drop_subscriptions SET baseline_amount = ${newAmount}
        WHERE id = ${drop.id} AND baseline_amount = ${oldAmount}`;
      if (moved !== 1) return false;
      const payload = {
        productId: drop.product_id,
        title: drop.title,
        oldAmount,
        newAmount,
        currency: drop.currency,
        market: drop.market,
      };
      await createNotification(tx, { userId: drop.user_id, kind: 'price-drop', payload });
      await enqueueJob(tx, {
        kind: PRICE_DROP_MAIL_JOB,
        payload: { userId: drop.user_id, ...payload },
        uniqueKey: `price-drop-mail:${drop.id}:${newAmount}`,
      });
      return true;
    });
    if (won) told += 1;
  }
  return told;
}

/** The price-drop e-mail (a job, so a mail-server outage is retried, not lost). */
export async function sendPriceDropMail(
  deps: Pick<TAppDeps, 'db' | 'mailer' | 'config'>,
  payload: {
    userId: string;
    productId: string;
    title: string;
    oldAmount: number;
    newAmount: number;
    currency: string;
    market?: string;
  },
): Promise<void> {
  const user = await deps.db.user.findUnique({
    where: { id: payload.userId },
    select: {
      email: true,
      name: true,
      firstName: true,
      deletedAt: true,
      settings: { select: { emailGuid: true, subscribePriceDropNotifications: true } },
    },
  });
  if (!user?.email || user.deletedAt || user.settings?.subscribePriceDropNotifications === false) return;
  const base = deps.config.publicUrl;
  await deps.mailer.send(
    priceDropMail({
      to: user.email,
      name: user.firstName ?? user.name,
      productTitle: payload.title,
      oldPrice: formatMoney(payload.oldAmount, payload.currency, payload.market),
      newPrice: formatMoney(payload.newAmount, payload.currency, payload.market),
      productUrl: `${base}/actions/show-price-drop/?productId=${encodeURIComponent(payload.productId)}`,
      list: { kind: 'price-drops', userId: payload.userId },
      manageUrl: await manageNotificationsUrl(deps, payload.userId, user.settings?.emailGuid),
    }),
  );
}
