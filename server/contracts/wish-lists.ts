/**
 * The wish-list domain's shapes (spec §3 "product or wish"): input schemas with the spec §5
 * messages, shared by the `wishLists` tRPC router and the renderer's forms, and the outputs.
 *
 * Claim secrecy lives in the outputs: a wish as its owner sees it (`ZOwnWish`) has no claim fields
 * at all, so no face can leak them by accident; others get `ZWish` with the claimed counts.
 */
import { z } from 'zod';
import { CURRENCIES } from './enums';
import { VALIDATION_MESSAGES as M } from './messages';
import { ZPersonSummary } from './people';
import { calendarDate, optionalText as optionalTextOf, requiredText, ZUrl, ZUuid } from './validation';

export * from './wish-list-values';
import {
  WISH_LIST_PRIVACY,
  type TWishListPrivacy,
  DEFAULT_WISH_PRIORITY,
  WISH_QUANTITY_MAX,
  WISHES_PER_LIST_MAX,
  WISH_SORTS,
} from './wish-list-values';

/** Wish-list texts may span lines (descriptions, notes); titles may not. */
const optionalText = (max: number) => optionalTextOf(max, { multiline: true });

/** Links a member may store: http and https only (no ftp or app links on a wish). */
const ZWebUrl = ZUrl.refine((value) => /^https?:/i.test(value), { error: M.url }).refine(
  (value) => value.length <= 1000,
  { error: M.maxLength(1000) },
);
const ZOptionalWebUrl = z.preprocess((value) => (value === '' ? null : value), ZWebUrl.nullable().optional());

/**
 * A picture: an http(s) address, or one of this site's own pictures by its path (the demo
 * catalogue's, e.g. /demo/products/wool-scarf.svg, which a wish copies from its product). Only
 * plain paths: never `//host` (another site) nor dots that climb out of the folder.
 */
const SITE_PICTURE = /^\/(?!\/)(?!.*\.\.)[A-Za-z0-9/_.-]{1,300}$/;
const ZPictureUrl = z.union([z.string().trim().regex(SITE_PICTURE), ZWebUrl], { error: M.url });
const ZOptionalPictureUrl = z.preprocess((value) => (value === '' ? null : value), ZPictureUrl.nullable().optional());

export const ZCurrency = z.enum(CURRENCIES, { error: 'Choose one of the listed currencies' });

export const ZPrice = z.object({
  amount: z
    .union([z.number(), z.string().trim()], { error: M.required })
    .refine((value) => /^-?\d+(\.\d+)?$/.test(String(value)), { error: M.decimal, abort: true })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(0, { error: M.minValue(0) })
        .max(9_999_999, { error: 'The maximum value allowed is 9999999' })
        .transform((value) => Math.round(value * 100) / 100),
    ),
  currency: ZCurrency,
});
export type TPrice = z.infer<typeof ZPrice>;

const ZEventDate = z.preprocess(
  (value) => (value === '' ? null : value),
  calendarDate('Value is not a valid date').nullable().optional(),
);

const wishListFields = {
  title: requiredText(100),
  description: optionalText(1000),
  privacy: z.enum(WISH_LIST_PRIVACY, { error: 'Choose who can see this list' }),
  exchangeId: z.preprocess((value) => (value === '' ? null : value), ZUuid.nullable().optional()),
  eventDate: ZEventDate,
  isDefault: z.boolean().optional(),
};

function exchangeNeedsId(value: { privacy?: TWishListPrivacy; exchangeId?: string | null }, ctx: z.RefinementCtx) {
  if (value.privacy === 'exchange' && !value.exchangeId) {
    ctx.addIssue({ code: 'custom', path: ['exchangeId'], message: M.conditionalRequired });
  }
}

export const ZWishListCreate = z.object({ ...wishListFields, ownerId: ZUuid.optional() }).superRefine(exchangeNeedsId);
export type TWishListCreate = z.output<typeof ZWishListCreate>;

export const ZWishListUpdate = z
  .object({
    wishlistId: ZUuid,
    title: wishListFields.title.optional(),
    description: wishListFields.description,
    privacy: wishListFields.privacy.optional(),
    exchangeId: wishListFields.exchangeId,
    eventDate: wishListFields.eventDate,
    isDefault: z.literal(true).optional(),
  })
  .superRefine(exchangeNeedsId);
export type TWishListUpdate = z.output<typeof ZWishListUpdate>;

export const ZWishListId = z.object({ wishlistId: ZUuid });
export const ZWishId = z.object({ wishId: ZUuid });
export const ZWishReceived = z.object({ wishId: ZUuid, received: z.boolean() });

const wishFields = {
  title: requiredText(200),
  description: optionalText(2000),
  price: ZPrice.nullable().optional(),
  merchant: optionalText(100),
  quantity: z.coerce
    .number({ error: M.required })
    .int({ error: 'Value must be a whole number' })
    .min(1, { error: M.minValue(1) })
    .max(WISH_QUANTITY_MAX, { error: `The maximum value allowed is ${WISH_QUANTITY_MAX}` }),
  url: ZOptionalWebUrl,
  imageUrl: ZOptionalPictureUrl,
  priority: z.coerce
    .number()
    .int()
    .min(1, { error: M.minValue(1) })
    .max(4, { error: 'The maximum value allowed is 4' }),
  notes: optionalText(1000),
  productId: z.preprocess((value) => (value === '' ? null : value), ZUuid.nullable().optional()),
};

export const ZWishCreate = z.object({
  /** Left out: the caller's default list (made for them when they have none). */
  wishlistId: ZUuid.optional(),
  ...wishFields,
  quantity: wishFields.quantity.default(1),
  priority: wishFields.priority.default(DEFAULT_WISH_PRIORITY),
});
export type TWishCreate = z.output<typeof ZWishCreate>;

export const ZWishUpdate = z.object({
  wishId: ZUuid,
  /** Moves the wish to another of the owner's lists. */
  wishlistId: ZUuid.optional(),
  title: wishFields.title.optional(),
  description: wishFields.description,
  price: wishFields.price,
  merchant: wishFields.merchant,
  quantity: wishFields.quantity.optional(),
  url: wishFields.url,
  imageUrl: wishFields.imageUrl,
  priority: wishFields.priority.optional(),
  notes: wishFields.notes,
});
export type TWishUpdate = z.output<typeof ZWishUpdate>;

export const ZWishReorder = z.object({
  wishlistId: ZUuid,
  /** Every wish of the list, in the new order. */
  wishIds: z.array(ZUuid).min(1).max(WISHES_PER_LIST_MAX),
});

export const ZListQuery = z.object({
  wishlistId: ZUuid,
  sort: z.enum(WISH_SORTS).default('custom'),
  direction: z.enum(['asc', 'desc']).optional(),
});

export const ZClaimInput = z.object({
  wishId: ZUuid,
  quantity: z.coerce
    .number()
    .int({ error: 'Value must be a whole number' })
    .min(1, { error: M.minValue(1) })
    .max(WISH_QUANTITY_MAX)
    .default(1),
});

export const ZImportUrlInput = z.object({ url: z.string({ error: M.required }).trim().min(1, { error: M.required }) });

export const ZRequestWishListInput = z.object({ userId: ZUuid });

// ---- Outputs ----

export const ZWishListSummary = z.object({
  wishlistId: z.string(),
  ownerId: z.string(),
  owner: ZPersonSummary,
  title: z.string(),
  description: z.string().nullable(),
  privacy: z.enum(WISH_LIST_PRIVACY),
  exchangeId: z.string().nullable(),
  eventDate: z.string().nullable(),
  isDefault: z.boolean(),
  wishCount: z.number().int(),
  /** The viewer may edit it: the owner or their family manager. */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWishListSummary = z.infer<typeof ZWishListSummary>;

const wishOutput = {
  wishId: z.string(),
  wishlistId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  price: ZPrice.nullable(),
  merchant: z.string().nullable(),
  quantity: z.number().int(),
  url: z.string().nullable(),
  imageUrl: z.string().nullable(),
  priority: z.number().int(),
  notes: z.string().nullable(),
  productId: z.string().nullable(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
};

/**
 * A wish as its owner's side sees it: nothing about claims. `giversRevealedAt`: when marking it
 * received first showed who gave it (they stay shown under gifts received, even once un-marked).
 */
export const ZOwnWish = z
  .object({ ...wishOutput, receivedAt: z.string().nullable(), giversRevealedAt: z.string().nullable() })
  .strict();
/** A wish as everyone else sees it: how much is still wanted and what the viewer took. */
export const ZWish = z
  .object({
    ...wishOutput,
    claimedQuantity: z.number().int(),
    myClaimQuantity: z.number().int(),
    remainingQuantity: z.number().int(),
    isReceived: z.boolean(),
  })
  .strict();
export type TOwnWish = z.infer<typeof ZOwnWish>;
export type TWish = z.infer<typeof ZWish>;

export const ZWishListDetail = z.discriminatedUnion('view', [
  z.object({ view: z.literal('owner'), list: ZWishListSummary, wishes: z.array(ZOwnWish) }),
  z.object({ view: z.literal('guest'), list: ZWishListSummary, wishes: z.array(ZWish) }),
]);
export type TWishListDetail = z.infer<typeof ZWishListDetail>;

export const ZPurchase = z.object({
  claimId: z.string(),
  quantity: z.number().int(),
  claimedAt: z.string(),
  wish: z.object({
    wishId: z.string(),
    title: z.string(),
    price: ZPrice.nullable(),
    imageUrl: z.string().nullable(),
    url: z.string().nullable(),
    wishlistId: z.string(),
    isReceived: z.boolean(),
  }),
  recipient: ZPersonSummary,
});
export type TPurchase = z.infer<typeof ZPurchase>;

/**
 * A gift whose givers were revealed (by marking it received): `receivedAt` is null when it was
 * un-marked since; the givers it showed stay listed.
 */
export const ZReceivedGift = z.object({
  wishId: z.string(),
  wishlistId: z.string(),
  title: z.string(),
  price: ZPrice.nullable(),
  imageUrl: z.string().nullable(),
  receivedAt: z.string().nullable(),
  giversRevealedAt: z.string(),
  givers: z.array(z.object({ person: ZPersonSummary, quantity: z.number().int() })),
});
export type TReceivedGift = z.infer<typeof ZReceivedGift>;

export const ZImportedProduct = z.object({
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  price: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  imageUrl: z.string().nullable(),
  merchant: z.string().nullable(),
});
export type TImportedProductOutput = z.infer<typeof ZImportedProduct>;
