/**
 * The live streams behind the tRPC subscriptions (SSE through httpSubscriptionLink): new chat
 * messages and new notifications of one person. A stream follows the bus (server/realtime/bus.ts)
 * and reads each item from the database for the person, so it only ever carries what they may read.
 *
 * Resuming (spec: "resuming after a dropped connection without losing a message"): every event's id
 * is the stream's resume position (resume.ts), which the client's EventSource sends back as
 * Last-Event-ID when it reconnects (the tRPC link passes it as `lastEventId` too). A position names a
 * floor and the items above it already delivered, so a resumed stream sends exactly what the client
 * does not have yet, whatever order the writes committed in. A stream starts, and ends each
 * (re)start, with an event carrying no item (`null`): its position, so that even a stream that had
 * delivered nothing yet resumes from the moment it started; and the page's cue to reload what it
 * shows (anything that happened before the stream was up).
 *
 * The bus subscription opens before anything is read, so an event that arrives meanwhile is
 * queued, not missed; items already sent are skipped.
 */
import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { TVerifiedIdentity } from '../auth/tokens';
import type { TChatMessage, TNotificationItem } from '../contracts/social';
import type { TAppDeps } from '../deps';
import {
  messageFor,
  messagesBetween,
  newestMessageIdBefore,
  newestMessageStamps,
} from '../services/messages/conversations';
import { notificationCreatedAt, notificationFor, notificationsBetween } from '../services/notifications/state';
import type { TWallPost } from '../contracts/exchanges';
import { accessExchange } from '../services/exchanges/access';
import {
  newestWallPostIdBefore,
  newestWallStamps,
  wallPostForViewer,
  wallPostsBetween,
} from '../services/exchanges/wall';
import type { TLiveEvent } from './bus';
import { MAX_SEEN, MESSAGE_KEYS, NOTIFICATION_KEYS, ResumePosition, SETTLE_MS, type TKeyCodec } from './resume';

type TDeps = Pick<TAppDeps, 'db' | 'bus'>;

/**
 * Subscribes to one person's channel (resolved once listening) and returns its events as an async
 * iterator that ends when `signal` aborts.
 */
async function liveEvents(
  deps: TDeps,
  userId: string,
  signal: AbortSignal | undefined,
): Promise<{ events: AsyncGenerator<TLiveEvent>; close: () => void }> {
  const queue: TLiveEvent[] = [];
  let wake: (() => void) | null = null;
  const off = await deps.bus.subscribe(userId, (event) => {
    queue.push(event);
    wake?.();
  });
  let closed = false;
  const close = () => {
    if (!closed) off();
    closed = true;
  };
  return { events: drain(queue, close, (resolve) => (wake = resolve), signal), close };
}

async function* drain(
  queue: TLiveEvent[],
  off: () => void,
  setWake: (resolve: (() => void) | null) => void,
  signal: AbortSignal | undefined,
): AsyncGenerator<TLiveEvent> {
  let wake: (() => void) | null = null;
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    while (!signal?.aborted) {
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setWake(resolve);
        if (queue.length > 0 || signal?.aborted) resolve();
      });
      wake = null;
      setWake(null);
    }
  } finally {
    off();
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Remembers the last ids sent (bounded), so a catch-up and a live event never send one twice. */
function recentIds(max = 1000) {
  const seen = new Set<string>();
  return {
    has: (id: string) => seen.has(id),
    add(id: string) {
      seen.add(id);
      if (seen.size > max) seen.delete(seen.values().next().value as string);
    },
  };
}

/**
 * Items are read in pages of this many; after each page of a catch-up the floor moves up, so a
 * position never names more than MAX_SEEN + PAGE items.
 */
const PAGE = 50;
/**
 * A client away longer than this many items is not sent them one by one: the stream starts afresh,
 * and the page reloads its views (as on any (re)start).
 */
const CATCH_UP_PAGES = 1000 / PAGE;

interface TAfter {
  position: bigint;
  /** Within one position (notifications written in the same millisecond), after this key. */
  key: string | null;
}

/** One kind of live item: where it is placed, how it is read, how a stream starts. */
interface TLiveSource<T> {
  tag: string;
  codec: TKeyCodec;
  keyOf(item: T): string;
  positionOf(item: T): bigint;
  createdAtOf(item: T): number;
  /** The item a bus event is about, or null for events of the other kind. */
  keyOfEvent(event: TLiveEvent): string | null;
  /** Whether a bus event means items already sent changed: the page gets a no-item cue to reload. */
  reloadOn?(event: TLiveEvent): boolean;
  one(key: string): Promise<T | null>;
  /** Readable items after `after`, up to `upTo` (inclusive) when given, in order. */
  between(after: TAfter, upTo: bigint | null, limit: number): Promise<T[]>;
  /** A new stream's position: a settled floor, and what is already readable above it. */
  start(now: number): Promise<ResumePosition>;
  /** A position from an older page (a bare item id), or null. */
  legacy(lastEventId: string): Promise<ResumePosition | null>;
}

function afterItem<T>(source: TLiveSource<T>, item: T): TAfter {
  return { position: source.positionOf(item), key: source.keyOf(item) };
}

async function* liveStream<T>(
  source: TLiveSource<T>,
  deps: TDeps,
  userId: string,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
): AsyncGenerator<TrackedEnvelope<T | null>> {
  const { events, close } = await liveEvents(deps, userId, signal);
  const sent = recentIds();
  let position!: ResumePosition;
  const delivered = (key: string) => position.has(key) || sent.has(key);

  function deliver(item: T): TrackedEnvelope<T> {
    const key = source.keyOf(item);
    position.add(key, source.positionOf(item), source.createdAtOf(item));
    sent.add(key);
    return tracked(position.encode(), item);
  }

  /** Moves the floor up as far as is settled, first sending what is still missing below it. */
  async function* settle(): AsyncGenerator<TrackedEnvelope<T>> {
    const target = position.settleTarget(Date.now());
    if (target <= position.floor) return;
    let after: TAfter = { position: position.floor, key: null };
    for (;;) {
      const items = await source.between(after, target, PAGE);
      for (const item of items) if (!delivered(source.keyOf(item))) yield deliver(item);
      if (items.length < PAGE) break;
      after = afterItem(source, items[items.length - 1]!);
    }
    position.moveFloor(target);
  }

  try {
    const resumed = lastEventId
      ? (ResumePosition.parse(source.tag, source.codec, lastEventId) ?? (await source.legacy(lastEventId)))
      : null;
    if (resumed) {
      // Catch up: whatever is readable above the floor and not named, in order.
      position = resumed;
      let after: TAfter = { position: position.floor, key: null };
      let complete = false;
      for (let page = 0; page < CATCH_UP_PAGES && !complete; page += 1) {
        const items = await source.between(after, null, PAGE);
        for (const item of items) {
          const key = source.keyOf(item);
          if (position.has(key)) position.learn(key, source.positionOf(item), source.createdAtOf(item));
          else yield deliver(item);
        }
        complete = items.length < PAGE;
        if (items.length > 0) after = afterItem(source, items[items.length - 1]!);
        if (complete) position.forgetUnknown();
        // What was just sent is mostly settled: the position forgets it as it goes.
        yield* settle();
      }
      if (!complete) position = await source.start(Date.now());
    } else {
      position = await source.start(Date.now());
    }
    // Started (or resumed and caught up): the position, for a stream that has sent nothing yet too,
    // and the page's cue to reload what it shows.
    yield tracked(position.encode(), null);
    for await (const event of events) {
      if (source.reloadOn?.(event)) {
        yield tracked(position.encode(), null);
        continue;
      }
      const key = source.keyOfEvent(event);
      if (key === null || delivered(key)) continue;
      const item = await source.one(key);
      if (!item) continue;
      yield* settle();
      if (!delivered(key)) yield deliver(item);
    }
  } finally {
    close();
  }
}

function messageSource(deps: TDeps, userId: string): TLiveSource<TChatMessage> {
  const source: TLiveSource<TChatMessage> = {
    tag: 'm',
    codec: MESSAGE_KEYS,
    keyOf: (message) => message.messageId,
    positionOf: (message) => BigInt(message.messageId),
    createdAtOf: (message) => Date.parse(message.createdAt),
    keyOfEvent: (event) => (event.kind === 'message' ? event.messageId : null),
    one: (key) => messageFor(deps.db, userId, BigInt(key)),
    between: (after, upTo, limit) => messagesBetween(deps.db, userId, after.position, upTo, limit),
    async start(now) {
      // The floor: the newest message (anyone's) old enough that every id below it is settled;
      // above it, the person's readable messages are what the page loads itself.
      let floor = await newestMessageIdBefore(deps.db, new Date(now - SETTLE_MS));
      const known = await newestMessageStamps(deps.db, userId, floor, MAX_SEEN + 1);
      if (known.length > MAX_SEEN) floor = known.pop()!.id;
      const position = new ResumePosition(source.tag, source.codec, floor);
      for (const stamp of known) position.add(stamp.id.toString(), stamp.id, stamp.createdAt.getTime());
      return position;
    },
    async legacy(lastEventId) {
      // A bare message id (pages from before resume positions): after it.
      return /^\d{1,19}$/.test(lastEventId) ? new ResumePosition(source.tag, source.codec, BigInt(lastEventId)) : null;
    },
  };
  return source;
}

function notificationSource(deps: TDeps, viewer: TVerifiedIdentity): TLiveSource<TNotificationItem> {
  const at = (position: bigint) => new Date(Number(position));
  const source: TLiveSource<TNotificationItem> = {
    tag: 'n',
    codec: NOTIFICATION_KEYS,
    keyOf: (item) => item.notificationId,
    positionOf: (item) => BigInt(Date.parse(item.createdAt)),
    createdAtOf: (item) => Date.parse(item.createdAt),
    keyOfEvent: (event) => (event.kind === 'notification' ? event.notificationId : null),
    reloadOn: (event) => event.kind === 'notifications-changed',
    one: (key) => notificationFor(deps.db, viewer, key),
    between: (after, upTo, limit) =>
      notificationsBetween(
        deps.db,
        viewer,
        { createdAt: at(after.position), id: after.key },
        upTo === null ? null : at(upTo),
        limit,
      ),
    async start(now) {
      // A notification is placed by when it was written: the floor is simply SETTLE_MS ago.
      const position = new ResumePosition(source.tag, source.codec, BigInt(now - SETTLE_MS));
      // (Over 2 × MAX_SEEN in those minutes, the newest beyond them would be sent again on a resume.)
      const known = await source.between({ position: position.floor, key: null }, null, MAX_SEEN * 2);
      // More than MAX_SEEN written in the last minutes: the floor moves up past the oldest of them.
      if (known.length > MAX_SEEN) position.moveFloor(source.positionOf(known[known.length - MAX_SEEN - 1]!));
      for (const item of known) position.add(item.notificationId, source.positionOf(item), source.createdAtOf(item));
      return position;
    },
    async legacy(lastEventId) {
      // A bare notification id (pages from before resume positions): after it.
      if (!/^[0-9a-f-]{36}$/.test(lastEventId)) return null;
      const createdAt = await notificationCreatedAt(deps.db, viewer.userId, lastEventId);
      if (!createdAt) return null;
      const position = new ResumePosition(source.tag, source.codec, BigInt(createdAt.getTime()) - 1n);
      position.add(lastEventId, BigInt(createdAt.getTime()), createdAt.getTime());
      return position;
    },
  };
  return source;
}

/**
 * An exchange wall's new posts (issue 31), placed like chat messages by their auto-increment id.
 * Each post is read back for the viewer (wallPostForViewer): an anonymous post carries no author,
 * and a reader who left the exchange reads nothing more. A removal comes as an item-less event,
 * the page's cue to reload the wall (it carries nothing of the post).
 */
function wallSource(deps: TDeps, userId: string, exchangeId: string): TLiveSource<TWallPost> {
  const source: TLiveSource<TWallPost> = {
    tag: 'w',
    codec: MESSAGE_KEYS,
    keyOf: (post) => post.postId,
    positionOf: (post) => BigInt(post.postId),
    createdAtOf: (post) => Date.parse(post.createdAt),
    keyOfEvent: (event) => (event.kind === 'wall' && event.exchangeId === exchangeId ? event.postId : null),
    // A removal names the post only: the page's cue (an item-less event) to reload its wall.
    reloadOn: (event) => event.kind === 'wall-removed' && event.exchangeId === exchangeId,
    one: (key) => wallPostForViewer(deps.db, userId, exchangeId, BigInt(key)),
    between: (after, upTo, limit) => wallPostsBetween(deps.db, userId, exchangeId, after.position, upTo, limit),
    async start(now) {
      let floor = await newestWallPostIdBefore(deps.db, new Date(now - SETTLE_MS));
      const known = await newestWallStamps(deps.db, userId, exchangeId, floor, MAX_SEEN + 1);
      if (known.length > MAX_SEEN) floor = known.pop()!.id;
      const position = new ResumePosition(source.tag, source.codec, floor);
      for (const stamp of known) position.add(stamp.id.toString(), stamp.id, stamp.createdAt.getTime());
      return position;
    },
    async legacy() {
      return null;
    },
  };
  return source;
}

/**
 * New posts on one exchange's wall; `null` items carry the position only. Access is checked before
 * the stream is answered (404 outside the exchange), and each post again as it is read.
 */
export async function wallStream(
  deps: TDeps,
  viewer: TVerifiedIdentity,
  exchangeId: string,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
): Promise<AsyncGenerator<TrackedEnvelope<TWallPost | null>>> {
  await accessExchange(deps.db, viewer, exchangeId);
  return liveStream(wallSource(deps, viewer.userId, exchangeId), deps, viewer.userId, lastEventId, signal);
}

/** New messages in any of the person's conversations; `null` items carry the position only. */
export function messageStream(
  deps: TDeps,
  viewer: TVerifiedIdentity,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
): AsyncGenerator<TrackedEnvelope<TChatMessage | null>> {
  return liveStream(messageSource(deps, viewer.userId), deps, viewer.userId, lastEventId, signal);
}

/** New notifications the person may see; `null` items carry the position only. */
export function notificationStream(
  deps: TDeps,
  viewer: TVerifiedIdentity,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
): AsyncGenerator<TrackedEnvelope<TNotificationItem | null>> {
  return liveStream(notificationSource(deps, viewer), deps, viewer.userId, lastEventId, signal);
}
