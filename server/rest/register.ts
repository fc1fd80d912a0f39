/** Registers every REST /v1 route. Routes are thin adapters over the services. */
import type { FastifyInstance } from 'fastify';
import type { TAppDeps } from '../deps';
import { contentRoutes } from './v1/content';
import { emailRoutes } from './v1/email';
import { enumRoutes } from './v1/enums';
import { exchangeRoutes } from './v1/exchanges';
import { featureRoutes } from './v1/features';
import { linkRoutes } from './v1/links';
import { logRoutes } from './v1/logs';
import { shopRoutes } from './v1/shop';
import { userRoutes } from './v1/users';
import { whereAmIRoutes } from './v1/where-am-i';

export async function registerRestRoutes(app: FastifyInstance, deps: TAppDeps): Promise<void> {
  for (const routes of [
    enumRoutes,
    shopRoutes,
    featureRoutes,
    contentRoutes,
    whereAmIRoutes,
    linkRoutes,
    logRoutes,
    userRoutes,
    exchangeRoutes,
    emailRoutes,
  ]) {
    await app.register(routes(deps));
  }
}
