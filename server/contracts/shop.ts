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
