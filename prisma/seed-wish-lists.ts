/**
 * Demo wish lists: the demo members' lists and wishes (some from the shop catalogue), claims
 * between them (Dana never sees those on her own lists, but sees what she bought for Sam), one
 * gift Dana marked received (so "Gifts received" names Kim), favourite guides, and a price-drop
 * watch on the catalogue's recently dropped product (the first job scan after `npm start` tells
 * Dana in the app and by e-mail to the local mail catcher).
 */
import type { TDb } from '../server/db/client';
import { CATALOGUE_KEYS } from './seed-catalogue';
import { seedId } from './seed-ids';

type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

interface TDemoWish {
  key: string;
  title: string;
  /** A catalogue product of the owner's market (slug), copied like the shop's "Add to my list". */
  product?: string;
  price?: [number, string];
  merchant?: string;
  url?: string;
  quantity?: number;
  priority?: number;
  notes?: string;
  description?: string;
}

interface TDemoList {
  key: string;
  owner: string;
  market: string;
  title: string;
  description?: string;
  privacy: 'public' | 'followers' | 'private';
  eventDate?: string;
  isDefault?: boolean;
  wishes: TDemoWish[];
}

const LISTS: TDemoList[] = [
  {
    key: 'dana-birthday',
    owner: 'demo',
    market: 'US',
    title: 'Birthday wishes',
    description: 'Little things that would make my day. Sizes: M tops, 8.5 shoes.',
    privacy: 'public',
    eventDate: '2027-03-14',
    isDefault: true,
    wishes: [
      { key: 'scarf', title: 'Wool scarf', product: 'wool-scarf', priority: 3 },
      {
        key: 'espresso',
        title: 'Espresso machine',
        product: 'espresso-machine',
        priority: 4,
        notes: 'A group gift maybe?',
      },
      {
        key: 'socks',
        title: 'Merino hiking socks',
        price: [18, 'USD'],
        merchant: 'Trailhead Supply',
        quantity: 3,
        priority: 2,
        notes: 'Any colour but pink',
      },
      {
        key: 'pottery',
        title: 'Pottery class for two',
        price: [120, 'USD'],
        url: 'https://example.com/pottery-class',
        priority: 3,
        description: 'An evening wheel-throwing class downtown.',
      },
    ],
  },
  {
    key: 'dana-holidays',
    owner: 'demo',
    market: 'US',
    title: 'Holidays 2026',
    privacy: 'followers',
    eventDate: '2026-12-25',
    wishes: [
      { key: 'board-game', title: 'Board game night', product: 'board-game-night', priority: 3 },
      { key: 'cookbook', title: 'A good cookbook', product: 'cookbook', priority: 2 },
    ],
  },
  {
    key: 'sam-list',
    owner: 'sam',
    market: 'US',
    title: "Sam's wish list",
    privacy: 'public',
    isDefault: true,
    wishes: [
      { key: 'earbuds', title: 'Wireless earbuds', product: 'wireless-earbuds', priority: 4 },
      {
        key: 'boots',
        title: 'Waterproof hiking boots',
        price: [149, 'USD'],
        merchant: 'Trailhead Supply',
        priority: 3,
      },
      { key: 'coffee', title: 'Coffee subscription', price: [20, 'USD'], quantity: 6, notes: 'One month each' },
    ],
  },
  {
    key: 'kim-list',
    owner: 'kim',
    market: 'CA',
    title: 'Kim likes',
    privacy: 'public',
    isDefault: true,
    wishes: [
      { key: 'scarf', title: 'Wool scarf', product: 'wool-scarf', priority: 2 },
      { key: 'plant', title: 'Fiddle-leaf fig', price: [45, 'CAD'], priority: 3 },
    ],
  },
  {
    key: 'mia-list',
    owner: 'child:mia',
    market: 'US',
    title: "Mia's birthday",
    privacy: 'followers',
    isDefault: true,
    wishes: [
      { key: 'lego', title: 'Lego treehouse set', price: [79.99, 'USD'], priority: 4 },
      { key: 'books', title: 'Dragon chapter books', price: [12.99, 'USD'], quantity: 3 },
    ],
  },
];

/** [claimer, list key, wish key, quantity] */
const CLAIMS: [string, string, string, number][] = [
  ['kim', 'dana-birthday', 'scarf', 1],
  ['sam', 'dana-birthday', 'socks', 1],
  ['alex', 'dana-birthday', 'socks', 1],
  ['demo', 'sam-list', 'earbuds', 1],
  ['demo', 'sam-list', 'coffee', 2],
  ['kim', 'sam-list', 'coffee', 2],
];
/** Gifts their owner marked received: [list key, wish key]. */
const RECEIVED: [string, string][] = [['dana-birthday', 'scarf']];

const listId = (key: string) => seedId(`wish-list:${key}`);
const wishId = (list: string, wish: string) => seedId(`wish:${list}:${wish}`);
const userId = (key: string) => seedId(`user:${key}`);
const productId = CATALOGUE_KEYS.product;

export async function seedWishLists(tx: TTx): Promise<{ wishLists: number; wishes: number }> {
  // Start from a clean slate for the demo lists (claims and watches go with them).
  await tx.wishList.deleteMany({ where: { id: { in: LISTS.map((list) => listId(list.key)) } } });
  let wishes = 0;
  for (const [index, list] of LISTS.entries()) {
    await tx.wishList.create({
      data: {
        id: listId(list.key),
        ownerId: userId(list.owner),
        title: list.title,
        description: list.description ?? null,
        privacy: list.privacy,
        eventDate: list.eventDate ? new Date(`${list.eventDate}T00:00:00Z`) : null,
        defaultOwnerId: list.isDefault ? userId(list.owner) : null,
        sortOrder: index,
      },
    });
    for (const [order, wish] of list.wishes.entries()) {
      const product = wish.product
        ? await tx.product.findUnique({
            where: { id: productId(list.market, wish.product) },
            select: {
              id: true,
              title: true,
              description: true,
              priceAmount: true,
              currency: true,
              url: true,
              imageUrl: true,
              merchant: { select: { name: true } },
            },
          })
        : null;
      await tx.wish.create({
        data: {
          id: wishId(list.key, wish.key),
          wishlistId: listId(list.key),
          title: product?.title ?? wish.title,
          description: wish.description ?? product?.description ?? null,
          priceAmount: wish.price?.[0] ?? product?.priceAmount ?? null,
          currency: wish.price?.[1] ?? product?.currency ?? null,
          merchant: wish.merchant ?? product?.merchant.name ?? null,
          quantity: wish.quantity ?? 1,
          url: wish.url ?? product?.url ?? null,
          imageUrl: product?.imageUrl ?? null,
          priority: wish.priority ?? 2,
          notes: wish.notes ?? null,
          productId: product?.id ?? null,
          sortOrder: order,
        },
      });
      wishes += 1;
    }
  }
  for (const [claimer, list, wish, quantity] of CLAIMS) {
    await tx.wishClaim.create({
      data: {
        id: seedId(`claim:${claimer}:${list}:${wish}`),
        wishId: wishId(list, wish),
        claimerId: userId(claimer),
        quantity,
      },
    });
  }
  for (const [list, wish] of RECEIVED) {
    // Marking received revealed the givers for good (services/wish-lists/received.ts).
    const now = new Date();
    await tx.wish.update({ where: { id: wishId(list, wish) }, data: { receivedAt: now, giversRevealedAt: now } });
    await tx.wishClaim.updateMany({ where: { wishId: wishId(list, wish) }, data: { revealedAt: now } });
  }

  // Dana's favourite guides: the first two top-level guides of her market.
  const guides = await tx.giftGuide.findMany({
    where: { marketCode: 'US', parentGiftGuideId: null },
    orderBy: { sortOrder: 'asc' },
    take: 2,
    select: { id: true },
  });
  await tx.favoriteGuide.createMany({
    data: guides.map((guide) => ({ userId: userId('demo'), giftGuideId: guide.id })),
    skipDuplicates: true,
  });

  // A watch on the recently dropped product, at its price before the drop: the first price-drop
  // scan tells Dana once.
  const dropped = await tx.product.findUnique({
    where: { id: CATALOGUE_KEYS.droppedProduct('US') },
    select: { id: true, prices: { orderBy: { recordedAt: 'desc' }, skip: 1, take: 1, select: { amount: true } } },
  });
  const before = dropped?.prices[0]?.amount;
  if (dropped && before) {
    await tx.priceDropSubscription.upsert({
      where: { userId_productId: { userId: userId('demo'), productId: dropped.id } },
      create: {
        id: seedId('price-watch:demo:dropped'),
        userId: userId('demo'),
        productId: dropped.id,
        baselineAmount: before,
      },
      update: { baselineAmount: before },
    });
  }
  return { wishLists: LISTS.length, wishes };
}
