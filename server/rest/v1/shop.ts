/** The shop's REST calls (spec §7): thin Fastify routes over server/services/shop. */
import type { FastifyInstance } from 'fastify';
import type { TAppDeps } from '../../deps';
import { getMarketData } from '../../services/shop/get-market-data';
import { listAncestors, listChildGuides, listTopLevel, trendingGuide } from '../../services/shop/guides';
import { featuredShops } from '../../services/shop/products';
import { ZGiftGuideIdParams, ZMarketQuery } from '../../contracts/shop';
import { parseInput } from '../validate';

export function shopRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/v1/shop/market-data', { schema: { querystring: ZMarketQuery } }, async (request) => {
      const { market } = parseInput(ZMarketQuery, request.query);
      return getMarketData(deps, { market });
    });
    app.get('/v1/shop/featured-shops', { schema: { querystring: ZMarketQuery } }, async (request) => {
      const { market } = parseInput(ZMarketQuery, request.query);
      return featuredShops(deps, market);
    });
    app.get('/v1/gift-guides/top-level-guides', { schema: { querystring: ZMarketQuery } }, async (request) => {
      const { market } = parseInput(ZMarketQuery, request.query);
      return listTopLevel(deps, market);
    });
    app.get('/v1/gift-guides/trending-guide', { schema: { querystring: ZMarketQuery } }, async (request, reply) => {
      const { market } = parseInput(ZMarketQuery, request.query);
      const guide = await trendingGuide(deps, market);
      // No trending guide in this market: nothing to show (degrades to an empty result).
      return guide ?? reply.code(204).send();
    });
    app.get('/v1/gift-guides/:id/ancestors', { schema: { params: ZGiftGuideIdParams } }, async (request) => {
      const { id } = parseInput(ZGiftGuideIdParams, request.params);
      return listAncestors(deps, id);
    });
    app.get('/v1/gift-guides/:id/child-guides', { schema: { params: ZGiftGuideIdParams } }, async (request) => {
      const { id } = parseInput(ZGiftGuideIdParams, request.params);
      return listChildGuides(deps, id);
    });
  };
}
