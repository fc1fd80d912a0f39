import { z } from 'zod';
import { getLandingSummary } from '../../../services/home/get-landing-summary';
import { publicProcedure, router } from '../../init';
import { ZGiftGuide, ZMarket, ZMarketData, ZMarketQuery } from '../../../contracts/shop';

export const homeRouter = router({
  landing: publicProcedure
    .input(ZMarketQuery.optional())
    .output(
      z.object({
        memberCount: z.number().int(),
        marketData: ZMarketData,
        markets: z.array(ZMarket),
        giftGuides: z.array(ZGiftGuide),
      }),
    )
    .query(({ ctx, input }) => getLandingSummary(ctx, { market: input?.market })),
});
