/**
 * People values the renderer shows without validating anything (why someone is suggested, picture
 * limits): zod-free, so a screen that shows them does not download the validation library
 * (server/contracts/people.ts re-exports them with its schemas).
 */
import type { TSuggestion } from './people';

const countOf = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Why someone is suggested, in words ("Followed by 2 people you follow · In 1 group with you"). */
export function suggestionReason(
  person: Pick<TSuggestion, 'mutualCount' | 'sharedGroupCount' | 'sharedExchangeCount'>,
): string | undefined {
  const parts = [
    person.mutualCount > 0 ? `Followed by ${countOf(person.mutualCount, 'person', 'people')} you follow` : null,
    person.sharedGroupCount > 0 ? `In ${countOf(person.sharedGroupCount, 'group', 'groups')} with you` : null,
    person.sharedExchangeCount > 0
      ? `In ${countOf(person.sharedExchangeCount, 'gift exchange', 'gift exchanges')} with you`
      : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** Profile picture upload limits (server and renderer agree on them). */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_MAX_PIXELS = 40_000_000;
export const PICTURE_SIZE = 512;
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
