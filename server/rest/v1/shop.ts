import type { FastifyInstance } from 'fastify';
import type { TAppDeps } from '../../deps';
import { getMarketData } from '../../services/shop/get-market-data';
import { ZMarketQuery } from '../../contracts/shop';
import { parseInput } from '../validate';

export function shopRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/v1/shop/market-data', async (request) => {
      const { market } = parseInput(ZMarketQuery, request.query);
      return getMarketData(deps, { market });
    });
  };
}
