/**
 * The shop (spec §2 shop; §3 gift guide, market, merchant list; §4 market priority, price drops;
 * §7 shop calls): thin faces over server/services/shop, like the REST /v1 shop routes.
 */
import { z } from 'zod';
import { builtOutput } from '../../built-output';
import { pagedOutput } from '../../../contracts/paging';
import {
  ZFeaturedShopUpdate,
  ZGiftGuide,
  ZGiftGuideInput,
  ZGuideUpdate,
  ZMarket,
  ZMarketData,
  ZMarketQuery,
  ZNewArrivalsQuery,
  ZPriceDropShow,
  ZPriceDropStatus,
  ZPriceDropTarget,
  ZProduct,
  ZProductDetail,
  ZProductIdInput,
  ZProductPriceUpdate,
  ZProductSearch,
  ZShop,
} from '../../../contracts/shop';
import { ZUserIdParams } from '../../../contracts/people';
import { ROLES } from '../../../contracts/roles';
import { listFavoriteGuides, setFavoriteGuide } from '../../../services/shop/favorites';
import { getMarketData, listMarkets } from '../../../services/shop/get-market-data';
import {
  getGuide,
  listAncestors,
  listChildGuides,
  listTopLevel,
  trendingGuide,
  updateGuide,
} from '../../../services/shop/guides';
import {
  priceDropStatus,
  showPriceDrop,
  subscribePriceDrop,
  unsubscribePriceDrop,
} from '../../../services/shop/price-drops';
import {
  featuredShops,
  getProduct,
  listMerchants,
  newArrivals,
  searchProducts,
  setFeaturedShop,
  setProductPrice,
} from '../../../services/shop/products';
import { authedProcedure, publicProcedure, roleProcedure, router } from '../../init';

const ZGuideWithMarket = ZGiftGuide.extend({ market: z.string() });
const merchandiserProcedure = roleProcedure(ROLES.merchandiser);

export const shopRouter = router({
  marketData: publicProcedure
    .input(ZMarketQuery.optional())
    .output(ZMarketData)
    .query(({ ctx, input }) => getMarketData(ctx, { market: input?.market })),
  markets: publicProcedure.output(z.array(ZMarket)).query(({ ctx }) => listMarkets(ctx)),
  topLevelGuides: publicProcedure
    .input(ZMarketQuery.optional())
    .output(z.array(ZGiftGuide))
    .query(({ ctx, input }) => listTopLevel(ctx, input?.market)),
  trendingGuide: publicProcedure
    .input(ZMarketQuery.optional())
    .output(ZGiftGuide.nullable())
    .query(({ ctx, input }) => trendingGuide(ctx, input?.market)),
  guide: publicProcedure
    .input(ZGiftGuideInput)
    .output(ZGuideWithMarket)
    .query(({ ctx, input }) => getGuide(ctx, input.giftGuideId)),
  ancestors: publicProcedure
    .input(ZGiftGuideInput)
    .output(z.array(ZGiftGuide))
    .query(({ ctx, input }) => listAncestors(ctx, input.giftGuideId)),
  childGuides: publicProcedure
    .input(ZGiftGuideInput)
    .output(z.array(ZGiftGuide))
    .query(({ ctx, input }) => listChildGuides(ctx, input.giftGuideId)),
  featuredShops: publicProcedure
    .input(ZMarketQuery.optional())
    .output(z.array(ZShop))
    .query(({ ctx, input }) => featuredShops(ctx, input?.market)),
  merchants: publicProcedure
    .input(ZMarketQuery.optional())
    .output(z.array(ZShop))
    .query(({ ctx, input }) => listMerchants(ctx, input?.market)),
  search: publicProcedure
    .input(ZProductSearch)
    // Built field by field (services/shop/products.ts productOf): checked in tests, sent as built.
    .output(builtOutput(pagedOutput(ZProduct)))
    .query(({ ctx, input }) => searchProducts(ctx, input)),
  newArrivals: publicProcedure
    .input(ZNewArrivalsQuery)
    .output(pagedOutput(ZProduct))
    .query(({ ctx, input }) => newArrivals(ctx, input)),
  product: publicProcedure
    .input(ZProductIdInput)
    .output(ZProductDetail)
    .query(({ ctx, input }) => getProduct(ctx, input.productId)),

  favoriteGuides: publicProcedure
    .input(ZUserIdParams)
    .output(z.array(ZGuideWithMarket))
    .query(({ ctx, input }) => listFavoriteGuides(ctx, ctx.identity, input.userId)),
  setFavoriteGuide: authedProcedure
    .input(ZGiftGuideInput.extend({ favorite: z.boolean() }))
    .output(z.object({ giftGuideId: z.string(), isFavorite: z.boolean() }))
    .mutation(({ ctx, input }) => setFavoriteGuide(ctx, ctx.identity, input)),

  priceDropStatus: authedProcedure
    .input(ZProductIdInput)
    .output(ZPriceDropStatus)
    .query(({ ctx, input }) => priceDropStatus(ctx, ctx.identity, input.productId)),
  subscribePriceDrop: authedProcedure
    .input(ZPriceDropTarget)
    .output(ZPriceDropStatus)
    .mutation(({ ctx, input }) => subscribePriceDrop(ctx, ctx.identity, input)),
  unsubscribePriceDrop: authedProcedure
    .input(ZProductIdInput)
    .output(ZPriceDropStatus)
    .mutation(({ ctx, input }) => unsubscribePriceDrop(ctx, ctx.identity, input.productId)),
  /** /actions/show-price-drop/: the product with the old and the new price. */
  showPriceDrop: publicProcedure
    .input(ZProductIdInput)
    .output(ZPriceDropShow)
    .query(({ ctx, input }) => showPriceDrop(ctx, ctx.identity, input.productId)),

  /** Merchandisers (ElfMerchandiser) edit guides, featured shops and prices. */
  updateGuide: merchandiserProcedure
    .input(ZGuideUpdate)
    .output(ZGiftGuide)
    .mutation(({ ctx, input }) => updateGuide(ctx, input)),
  setFeaturedShop: merchandiserProcedure
    .input(ZFeaturedShopUpdate)
    .output(ZShop)
    .mutation(({ ctx, input }) => setFeaturedShop(ctx, input)),
  setProductPrice: merchandiserProcedure
    .input(ZProductPriceUpdate)
    .output(ZProductDetail)
    .mutation(({ ctx, input }) => setProductPrice(ctx, input)),
});
