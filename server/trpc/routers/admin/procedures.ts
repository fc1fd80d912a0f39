/**
 * The admin router's procedure builders. Both extend init.ts's adminProcedure (admin or
 * impersonator-admin, spec §6), whose check runs before any input is read: a member gets 403
 * whatever they send. `staffProcedure` adds the acting staff member (the impersonator while
 * impersonating) to the context; `actingStaffProcedure` also refuses support analysts, who only
 * look, again before the input is read.
 */
import { requireActing, staffActorOf } from '../../../services/admin/staff-access';
import { adminProcedure } from '../../init';

export const staffProcedure = adminProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, staff: staffActorOf(ctx) } }),
);

export const actingStaffProcedure = staffProcedure.use(({ ctx, next }) => {
  requireActing(ctx.staff);
  return next();
});
