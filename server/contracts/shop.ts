import { z } from 'zod';

/** Schemas shared by the tRPC procedures and the REST routes of the shop. */
export const ZMarketCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Market must be a two-letter country code')
  .transform((value) => value.toUpperCase());

export const ZMarketQuery = z.object({ market: ZMarketCode.optional() });

export const ZMarketData = z.object({ market: z.string(), currency: z.string(), locale: z.string() });
export const ZMarket = z.object({ countryCode: z.string(), country: z.string(), currency: z.string() });
export const ZGiftGuide = z.object({
  giftGuideId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  parentGiftGuideId: z.string().nullable(),
  childGiftGuidesCount: z.number().int(),
  isTrending: z.boolean(),
});

const ZId = z
  .string({ error: 'Value is required' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Id must be a UUID')
  .transform((value) => value.toLowerCase());

export const ZGiftGuideIdParams = z.object({ id: ZId });
export const ZGiftGuideInput = z.object({ giftGuideId: ZId });
export const ZProductIdInput = z.object({ productId: ZId });

export const PRODUCT_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc'] as const;

const ZMoneyFilter = z.coerce
  .number({ error: 'Value must be decimal' })
  .min(0, { error: 'The minimum value allowed is 0' });

export const ZProductSearch = z
  .object({
    q: z.string().trim().max(100, { error: 'The maximum length allowed is 100' }).optional(),
    market: ZMarketCode.optional(),
    giftGuideId: ZId.optional(),
    merchantId: ZId.optional(),
    minPrice: ZMoneyFilter.optional(),
    maxPrice: ZMoneyFilter.optional(),
    sort: z.enum(PRODUCT_SORTS).default('relevance'),
    limit: z.coerce.number().int().min(0).max(100).default(24),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .refine((value) => value.minPrice === undefined || value.maxPrice === undefined || value.minPrice <= value.maxPrice, {
    error: 'The maximum price must not be below the minimum',
    path: ['maxPrice'],
  });
export type TProductSearch = z.output<typeof ZProductSearch>;

export const ZNewArrivalsQuery = z.object({
  market: ZMarketCode.optional(),
  limit: z.coerce.number().int().min(0).max(100).default(24),
  offset: z.coerce.number().int().min(0).default(0),
});

const ZMoney = z.object({ amount: z.number(), currency: z.string() });

export const ZProduct = z.object({
  productId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  price: ZMoney,
  /** The price before the latest drop, when the latest change was a drop. */
  previousPrice: ZMoney.nullable(),
  merchant: z.object({ merchantId: z.string(), name: z.string() }),
  url: z.string(),
  imageUrl: z.string().nullable(),
  market: z.string(),
  createdAt: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductDetail = ZProduct.extend({
  priceHistory: z.array(z.object({ amount: z.number(), currency: z.string(), recordedAt: z.string() })),
  giftGuideIds: z.array(z.string()),
});
export type TProductDetail = z.infer<typeof ZProductDetail>;

export const ZShop = z.object({
  merchantId: z.string(),
  name: z.string(),
  url: z.string(),
  logoUrl: z.string().nullable(),
  market: z.string(),
  isFeatured: z.boolean(),
});
export type TShop = z.infer<typeof ZShop>;

export const ZGuideUpdate = z.object({
  giftGuideId: ZId,
  title: z
    .string()
    .trim()
    .min(1, { error: 'Value is required' })
    .max(120, { error: 'The maximum length allowed is 120' })
    .optional(),
  description: z.string().trim().max(500, { error: 'The maximum length allowed is 500' }).nullable().optional(),
  isTrending: z.boolean().optional(),
});
export const ZFeaturedShopUpdate = z.object({
  merchantId: ZId,
  isFeatured: z.boolean(),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
});
export const ZProductPriceUpdate = z.object({
  productId: ZId,
  amount: z.number().min(0, { error: 'The minimum value allowed is 0' }).max(9_999_999),
});

/** Price-drop sign-up: a product, or one of the member's wishes that came from the shop. */
export const ZPriceDropTarget = z
  .object({ productId: ZId.optional(), wishId: ZId.optional() })
  .refine((value) => Boolean(value.productId) !== Boolean(value.wishId), {
    error: 'Choose a product or a wish',
    path: ['productId'],
  });
export const ZPriceDropStatus = z.object({
  productId: z.string(),
  isSubscribed: z.boolean(),
  /** The member's subscribePriceDropNotifications setting: off means no alerts are sent. */
  notificationsEnabled: z.boolean(),
  baseline: ZMoney.nullable(),
});
export type TPriceDropStatus = z.infer<typeof ZPriceDropStatus>;

export const ZPriceDropShow = ZProductDetail.extend({
  /** The price the member was told about (before the drop), when they have an alert. */
  oldPrice: ZMoney.nullable(),
});
