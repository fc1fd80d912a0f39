/** The shop's REST calls (spec §7): thin Fastify routes over server/services/shop. */
import type { FastifyInstance } from 'fastify';
import type { TAppDeps } from '../../deps';
import { getMarketData } from '../../services/shop/get-market-data';
import { listAncestors, listChildGuides, listTopLevel, trendingGuide } from '../../services/shop/guides';
import { featuredShops } from '../../services/shop/products';
import { z } from 'zod';
import { ZGiftGuide, ZGiftGuideIdParams, ZMarketData, ZMarketQuery, ZShop } from '../../contracts/shop';
import { parseInput } from '../validate';

export function shopRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/v1/shop/market-data',
      {
        schema: {
          querystring: ZMarketQuery,
          summary: 'The market’s currency and locale',
          responses: { 200: ZMarketData },
        },
      },
      async (request) => {
        const { market } = parseInput(ZMarketQuery, request.query);
        return getMarketData(deps, { market });
      },
    );
    app.get(
      '/v1/shop/featured-shops',
      {
        schema: {
          querystring: ZMarketQuery,
          summary: 'The market’s featured shops',
          responses: { 200: z.array(ZShop) },
        },
      },
      async (request) => {
        const { market } = parseInput(ZMarketQuery, request.query);
        return featuredShops(deps, market);
      },
    );
    app.get(
      '/v1/gift-guides/top-level-guides',
      {
        schema: {
          querystring: ZMarketQuery,
          summary: 'The market’s top-level gift guides',
          responses: { 200: z.array(ZGiftGuide) },
        },
      },
      async (request) => {
        const { market } = parseInput(ZMarketQuery, request.query);
        return listTopLevel(deps, market);
      },
    );
    app.get(
      '/v1/gift-guides/trending-guide',
      {
        schema: {
          querystring: ZMarketQuery,
          summary: 'The market’s trending gift guide',
          responses: { 200: ZGiftGuide, 204: { description: 'No trending guide in this market' } },
        },
      },
      async (request, reply) => {
        const { market } = parseInput(ZMarketQuery, request.query);
        const guide = await trendingGuide(deps, market);
        // No trending guide in this market: nothing to show (degrades to an empty result).
        return guide ?? reply.code(204).send();
      },
    );
    app.get(
      '/v1/gift-guides/:id/ancestors',
      {
        schema: {
          params: ZGiftGuideIdParams,
          summary: 'A gift guide’s ancestors, from the top level down',
          responses: { 200: z.array(ZGiftGuide) },
          errors: ['NOT_FOUND'],
        },
      },
      async (request) => {
        const { id } = parseInput(ZGiftGuideIdParams, request.params);
        return listAncestors(deps, id);
      },
    );
    app.get(
      '/v1/gift-guides/:id/child-guides',
      {
        schema: {
          params: ZGiftGuideIdParams,
          summary: 'A gift guide’s child guides',
          responses: { 200: z.array(ZGiftGuide) },
          errors: ['NOT_FOUND'],
        },
      },
      async (request) => {
        const { id } = parseInput(ZGiftGuideIdParams, request.params);
        return listChildGuides(deps, id);
      },
    );
  };
}
