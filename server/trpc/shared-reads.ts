/**
 * Reads that more than one procedure of the member's home batch needs, shared within one HTTP
 * request of queries (context.ts `sharedRead`).
 */
import type { TVerifiedIdentity } from '../auth/tokens';
import { birthdayAudience, type TBirthdayAudience } from '../services/activity/birthdays';
import { sharedRead, type TContext } from './context';

/** activity.birthdays and messages.reminders both filter by the viewer's birthday audience. */
export function sharedBirthdayAudience(
  ctx: Pick<TContext, 'sharedReads' | 'db'> & { identity: TVerifiedIdentity },
): () => Promise<TBirthdayAudience> {
  return () => sharedRead(ctx, 'birthday-audience', () => birthdayAudience(ctx.db, ctx.identity));
}
