/**
 * Writing the activity feed: the domains call `recordActivity` when a person does something their
 * followers, groups or exchanges may see. Who sees it is decided when the feed is read
 * (activity/feed.ts), so later privacy changes and blocks apply to past events too.
 */
import type { TActivityKind } from '../../contracts/social';
import type { TDb } from '../../db/client';

export interface TActivityInput {
  actorId: string;
  kind: TActivityKind;
  groupId?: string | null;
  exchangeId?: string | null;
  wishListId?: string | null;
  /** Names and titles at the time, shown if the subject is gone later. */
  payload?: Record<string, unknown>;
}

export async function recordActivity(db: Pick<TDb, 'activityEvent'>, input: TActivityInput): Promise<void> {
  await db.activityEvent.create({
    data: {
      actorId: input.actorId,
      kind: input.kind,
      groupId: input.groupId ?? null,
      exchangeId: input.exchangeId ?? null,
      wishListId: input.wishListId ?? null,
      payload: JSON.stringify(input.payload ?? {}),
    },
  });
}
