/**
 * The queries of the member's sections on /home/ (member-home.tsx), in one place so the page's
 * prefetch (home-screen.tsx) starts them with its own: member-home.tsx is a lazy chunk, and its
 * queries used to leave in a second request after the first one had come back.
 */
import type { TQueryUtils } from '../../trpc';

export const HOME_REMINDERS = 3;
export const HOME_ACTIVITY = 5;
export const HOME_SUGGESTIONS = 4;

export const MEMBER_HOME_INPUTS = {
  birthdays: { withinDays: 30 },
  feed: { limit: HOME_ACTIVITY },
  suggestions: (userId: string) => ({ userId, limit: HOME_SUGGESTIONS, offset: 0 }),
} as const;

/** Starts the member's sections' queries (each only when not cached and fresh yet); settles with them. */
export function prefetchMemberHome(utils: TQueryUtils, userId: string): Promise<unknown> {
  return Promise.all([
    utils.exchanges.mine.prefetch(),
    utils.activity.birthdays.prefetch(MEMBER_HOME_INPUTS.birthdays),
    utils.messages.reminders.prefetch(),
    utils.activity.feed.prefetch(MEMBER_HOME_INPUTS.feed),
    utils.people.followSuggestions.prefetch(MEMBER_HOME_INPUTS.suggestions(userId)),
  ]);
}
