/**
 * Reads that more than one procedure of the member's home batch needs, shared within one HTTP
 * request of queries (context.ts `sharedRead`).
 */
import type { TVerifiedIdentity } from '../auth/tokens';
import { birthdayAudience, type TBirthdayAudience } from '../services/activity/birthdays';
import { sharedRead, type TContext } from './context';

/**
 * The viewer's whole birthday audience, read once for activity.birthdays and messages.reminders when
 * one request calls both (the home batch). Undefined when the request does not call
 * activity.birthdays: reminders alone then look up only the people they remind of.
 */
export function sharedBirthdayAudience(
  ctx: Pick<TContext, 'sharedReads' | 'db'> & { identity: TVerifiedIdentity },
): (() => Promise<TBirthdayAudience>) | undefined {
  if (!ctx.sharedReads?.paths.has('activity.birthdays')) return undefined;
  return () =>
    sharedRead(ctx, `birthday-audience:${ctx.identity.userId}`, () => birthdayAudience(ctx.db, ctx.identity));
}
