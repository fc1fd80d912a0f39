/**
 * The resume position of a live stream (server/realtime/streams.ts): what a client that lost its
 * connection must still be sent, carried as the id of every event the stream sends, so the
 * client's EventSource hands it back (Last-Event-ID) when it reconnects, on any instance.
 *
 * Why not simply "the last id delivered": an item gets its place (a message's auto-increment id, a
 * notification's creation time) when its row is inserted, but becomes readable when its
 * transaction commits, and transactions commit in any order. Message 11 may commit and be delivered
 * while message 10's transaction is still open; "after 11" would then skip 10 forever. So a
 * position is two things:
 *
 * - a floor: every item at or below it that the person may read is known to the client, delivered
 *   on this stream or an earlier connection of it, or committed before the stream first started
 *   (a page reloads what it shows when a stream (re)starts);
 * - the items above the floor already delivered (or known at the start), named one by one.
 *
 * A resumed stream sends every readable item above the floor that is not named: nothing is skipped
 * whatever the commit order, and nothing is sent twice, so clients need no duplicate handling.
 *
 * The floor moves up once it is safe: an item placed below item x was inserted before x was, and
 * its transaction ends (commits or rolls back) within the longest transaction a write runs in, so
 * once x is SETTLE_MS old nothing can still appear at or below x. Before the floor passes x the
 * stream reads that range once more and sends whatever is still missing there (a pub/sub message
 * lost on the way, a late commit), then forgets the names below it. So a position stays short: the
 * names of what was delivered in the last couple of minutes. An alternative, a sequence number
 * given at commit time, would need every write of a message to take one global lock; a window the
 * client de-duplicates would send duplicates to every consumer.
 */

/**
 * How old an item must be before nothing can still appear below it: above the longest transaction
 * a write holds (60 s for exchanges' invitations, 30 s for idempotent creations), plus clock
 * differences between instances.
 */
export const SETTLE_MS = 120_000;

/**
 * At most this many delivered items are named in a position. Past it (over a hundred deliveries to
 * one person within SETTLE_MS) the floor moves up over the oldest names early, after the same
 * re-read; only a transaction still open below them by then could be missed.
 */
export const MAX_SEEN = 100;

/** How the items of one stream are named in a position (short, and safe in an HTTP header). */
export interface TKeyCodec {
  encode(key: string, floor: bigint): string;
  /** The key and, when the name carries it, the item's place; null for a malformed name. */
  decode(text: string, floor: bigint): { key: string; position: bigint | null } | null;
}

interface TSeen {
  /** The item's place (null until learned: a notification named by a resumed position). */
  position: bigint | null;
  /** When it was written (ms), null until learned. */
  createdAt: number | null;
}

export class ResumePosition {
  readonly seen = new Map<string, TSeen>();

  constructor(
    readonly tag: string,
    readonly codec: TKeyCodec,
    public floor: bigint,
  ) {}

  /** Reads a position sent back by a client; null when it is not one of this stream's. */
  static parse(tag: string, codec: TKeyCodec, text: string): ResumePosition | null {
    const match = /^([a-z]):(\d{1,19}):([0-9A-Za-z_,-]*)$/.exec(text);
    if (!match || match[1] !== tag) return null;
    const position = new ResumePosition(tag, codec, BigInt(match[2]!));
    const names = match[3] ? match[3].split(',') : [];
    if (names.length > MAX_SEEN * 2) return null;
    for (const name of names) {
      const decoded = codec.decode(name, position.floor);
      if (!decoded) return null;
      position.seen.set(decoded.key, { position: decoded.position, createdAt: null });
    }
    return position;
  }

  has(key: string): boolean {
    return this.seen.has(key);
  }

  /** An item delivered (or known): named while it is above the floor. */
  add(key: string, position: bigint, createdAt: number): void {
    if (position > this.floor) this.seen.set(key, { position, createdAt });
  }

  /** Fills in the place and time of an item the position already names. */
  learn(key: string, position: bigint, createdAt: number): void {
    if (this.seen.has(key)) this.seen.set(key, { position, createdAt });
  }

  /** Forgets names whose place was never learned (items the person may no longer read). */
  forgetUnknown(): void {
    for (const [key, entry] of this.seen) if (entry.position === null) this.seen.delete(key);
  }

  /**
   * How far the floor may move at `now`: to the newest named item older than SETTLE_MS, and past
   * the oldest names when there are more than MAX_SEEN.
   */
  settleTarget(now: number): bigint {
    let target = this.floor;
    const settled = now - SETTLE_MS;
    const positions: bigint[] = [];
    for (const entry of this.seen.values()) {
      if (entry.position === null) continue;
      positions.push(entry.position);
      if (entry.createdAt !== null && entry.createdAt <= settled && entry.position > target) target = entry.position;
    }
    if (positions.length > MAX_SEEN) {
      positions.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const oldestKept = positions[positions.length - MAX_SEEN - 1]!;
      if (oldestKept > target) target = oldestKept;
    }
    return target;
  }

  /** Moves the floor up (never down) and forgets the names at or below it. */
  moveFloor(to: bigint): void {
    if (to <= this.floor) return;
    this.floor = to;
    for (const [key, entry] of this.seen) if (entry.position !== null && entry.position <= to) this.seen.delete(key);
  }

  /** The position as an event id: `<tag>:<floor>:<name>,<name>…`, names in the items' order. */
  encode(): string {
    const names = [...this.seen.entries()]
      .sort(([, a], [, b]) => {
        const left = a.position ?? -1n;
        const right = b.position ?? -1n;
        return left < right ? -1 : left > right ? 1 : 0;
      })
      .map(([key]) => this.codec.encode(key, this.floor));
    return `${this.tag}:${this.floor}:${names.join(',')}`;
  }
}

/** Message ids, named by their distance above the floor in base 36 (a few characters each). */
export const MESSAGE_KEYS: TKeyCodec = {
  encode: (key, floor) => (BigInt(key) - floor).toString(36),
  decode(text, floor) {
    if (!/^[0-9a-z]{1,10}$/.test(text)) return null;
    const distance = BigInt(parseInt(text, 36));
    if (distance <= 0n) return null;
    const id = floor + distance;
    return { key: id.toString(), position: id };
  },
};

/** Notification ids (UUIDs), named by their 16 bytes in base64url (22 characters). */
export const NOTIFICATION_KEYS: TKeyCodec = {
  encode: (key) => Buffer.from(key.replaceAll('-', ''), 'hex').toString('base64url'),
  decode(text) {
    if (!/^[A-Za-z0-9_-]{22}$/.test(text)) return null;
    const hex = Buffer.from(text, 'base64url').toString('hex');
    if (hex.length !== 32) return null;
    const key = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return { key, position: null };
  },
};
