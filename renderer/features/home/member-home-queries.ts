/**
 * The queries of the member's sections on /home/ (member-home.tsx), in one place so home-screen.tsx
 * can start them with its own: member-home.tsx is a lazy chunk, and its queries used to leave in a
 * second request after the first one had come back (/home/ with the CPU slowed 4×: 300–500 ms later).
 */
import { trpc } from '../../trpc';

export const HOME_REMINDERS = 3;
export const HOME_ACTIVITY = 5;
export const HOME_SUGGESTIONS = 4;

export const MEMBER_HOME_INPUTS = {
  birthdays: { withinDays: 30 },
  feed: { limit: HOME_ACTIVITY },
  suggestions: (userId: string) => ({ userId, limit: HOME_SUGGESTIONS, offset: 0 }),
} as const;

/** Starts the member's sections' queries (each only when not cached yet); call it for a signed-in member. */
export function usePrefetchMemberHome(userId: string): void {
  trpc.exchanges.mine.usePrefetchQuery();
  trpc.activity.birthdays.usePrefetchQuery(MEMBER_HOME_INPUTS.birthdays);
  trpc.messages.reminders.usePrefetchQuery();
  trpc.activity.feed.usePrefetchQuery(MEMBER_HOME_INPUTS.feed);
  trpc.people.followSuggestions.usePrefetchQuery(MEMBER_HOME_INPUTS.suggestions(userId));
}
