/**
 * The notifications domain (spec §3 notifications state; §2 e-mail actions): the bell's state,
 * the list, read state, the live stream, and the one-click e-mail actions (public: the link's
 * signature is the credential; a bad link changes nothing). Thin faces over
 * server/services/notifications and server/realtime.
 */
import { ZPagingQuery } from '../../../contracts/paging';
import { ZEmailActionLink, ZNotificationIds } from '../../../contracts/social';
import { notificationStream } from '../../../realtime/streams';
import { performEmailAction } from '../../../services/notifications/email-actions';
import {
  listNotificationItems,
  markNotificationsRead,
  notificationsState,
} from '../../../services/notifications/state';
import { authedProcedure, publicProcedure, router } from '../../init';
import { ZLiveInput } from '../messages/router';

export const notificationsRouter = router({
  state: authedProcedure.query(({ ctx }) => notificationsState(ctx.db, ctx.identity)),
  list: authedProcedure
    .input(ZPagingQuery)
    .query(({ ctx, input }) => listNotificationItems(ctx.db, ctx.identity, input)),
  markRead: authedProcedure
    .input(ZNotificationIds)
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.db, ctx.identity, input.notificationIds)),
  /**
   * New notifications, live; resumes from `lastEventId` (a resume position). An event without a
   * notification (null) carries the position only, at each (re)start.
   */
  onNotification: authedProcedure
    .input(ZLiveInput)
    .subscription(({ ctx, input, signal }) => notificationStream(ctx, ctx.identity, input?.lastEventId, signal)),
  /** An e-mail's one-click link: acts when its signature holds, else answers 'confirm'. */
  emailAction: publicProcedure
    .input(ZEmailActionLink)
    .mutation(({ ctx, input }) => performEmailAction(ctx, ctx.identity, input)),
});
