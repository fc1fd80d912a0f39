/** The app router: only assembles the domain routers. */
import { router } from './init';
import { activityRouter } from './routers/activity/router';
import { adminRouter } from './routers/admin/router';
import { authRouter } from './routers/auth/router';
import { enumsRouter } from './routers/enums/router';
import { exchangesRouter } from './routers/exchanges/router';
import { groupsRouter } from './routers/groups/router';
import { homeRouter } from './routers/home/router';
import { messagesRouter } from './routers/messages/router';
import { notificationsRouter } from './routers/notifications/router';
import { peopleRouter } from './routers/people/router';
import { shopRouter } from './routers/shop/router';
import { wishListsRouter } from './routers/wish-lists/router';

export const appRouter = router({
  activity: activityRouter,
  admin: adminRouter,
  auth: authRouter,
  enums: enumsRouter,
  exchanges: exchangesRouter,
  groups: groupsRouter,
  home: homeRouter,
  messages: messagesRouter,
  notifications: notificationsRouter,
  people: peopleRouter,
  shop: shopRouter,
  wishLists: wishListsRouter,
});

export type TAppRouter = typeof appRouter;
