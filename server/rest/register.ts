/** Registers every REST /v1 route. Routes are thin adapters over the services. */
import type { FastifyInstance } from 'fastify';
import type { TAppDeps } from '../deps';
import { enumRoutes } from './v1/enums';
import { shopRoutes } from './v1/shop';

export async function registerRestRoutes(app: FastifyInstance, deps: TAppDeps): Promise<void> {
  await app.register(enumRoutes);
  await app.register(shopRoutes(deps));
}
