import { z } from 'zod';
import { getMarketData, listMarkets } from '../../../services/shop/get-market-data';
import { listTopLevelGuides } from '../../../services/shop/list-top-level-guides';
import { publicProcedure, router } from '../../init';
import { ZGiftGuide, ZMarket, ZMarketData, ZMarketQuery } from '../../../contracts/shop';

export const shopRouter = router({
  marketData: publicProcedure
    .input(ZMarketQuery.optional())
    .output(ZMarketData)
    .query(({ ctx, input }) => getMarketData(ctx, { market: input?.market })),
  markets: publicProcedure.output(z.array(ZMarket)).query(({ ctx }) => listMarkets(ctx)),
  topLevelGuides: publicProcedure
    .input(ZMarketQuery.optional())
    .output(z.array(ZGiftGuide))
    .query(({ ctx, input }) => listTopLevelGuides(ctx, { market: input?.market })),
});
