/**
 * The activity domain (spec §1 activity feed, birthdays): the feed (everything I follow, or one
 * group's) and upcoming birthdays. Thin faces over server/services/activity.
 */
import { z } from 'zod';
import { ZActivityQuery } from '../../../contracts/social';
import { upcomingBirthdays } from '../../../services/activity/birthdays';
import { readFeed } from '../../../services/activity/feed';
import { authedProcedure, router } from '../../init';
import { sharedBirthdayAudience } from '../../shared-reads';

export const activityRouter = router({
  feed: authedProcedure.input(ZActivityQuery).query(({ ctx, input }) => readFeed(ctx.db, ctx.identity, input)),
  birthdays: authedProcedure
    .input(z.object({ withinDays: z.number().int().min(0).max(366).default(30) }))
    .query(({ ctx, input }) =>
      upcomingBirthdays(ctx.db, ctx.identity, input.withinDays, new Date(), sharedBirthdayAudience(ctx)),
    ),
});
