/** The app router: only assembles the domain routers. */
import { router } from './init';
import { authRouter } from './routers/auth/router';
import { enumsRouter } from './routers/enums/router';
import { exchangesRouter } from './routers/exchanges/router';
import { homeRouter } from './routers/home/router';
import { peopleRouter } from './routers/people/router';
import { shopRouter } from './routers/shop/router';
import { wishListsRouter } from './routers/wish-lists/router';

export const appRouter = router({
  auth: authRouter,
  enums: enumsRouter,
  exchanges: exchangesRouter,
  home: homeRouter,
  people: peopleRouter,
  shop: shopRouter,
  wishLists: wishListsRouter,
});

export type TAppRouter = typeof appRouter;
