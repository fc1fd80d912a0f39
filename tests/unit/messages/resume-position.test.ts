/**
 * The resume position of live streams (server/realtime/resume.ts): it reads back what it wrote,
 * refuses what it did not, names only what is above its floor, and moves the floor only past items
 * old enough to be settled (or past the oldest names beyond MAX_SEEN).
 */
import { describe, expect, it } from 'vitest';
import { MAX_SEEN, MESSAGE_KEYS, NOTIFICATION_KEYS, ResumePosition, SETTLE_MS } from '../../../server/realtime/resume';

const NOW = Date.UTC(2025, 0, 10, 12);

describe('a message stream position', () => {
  it('reads back what it wrote: the floor and the ids above it', () => {
    const position = new ResumePosition('m', MESSAGE_KEYS, 1000n);
    position.add('1003', 1003n, NOW);
    position.add('1001', 1001n, NOW);
    position.add('999', 999n, NOW); // at or below the floor: not named
    const text = position.encode();
    expect(text).toBe('m:1000:1,3');
    const read = ResumePosition.parse('m', MESSAGE_KEYS, text)!;
    expect(read.floor).toBe(1000n);
    expect([...read.seen.keys()].sort()).toEqual(['1001', '1003']);
    expect(read.seen.get('1003')).toEqual({ position: 1003n, createdAt: null });
  });

  it('refuses what is not one of its positions', () => {
    for (const text of [
      '',
      '1000',
      'n:1000:',
      'm:x:',
      'm:1000:0',
      'm:1000:1,,2',
      'm:1000:A',
      `m:1:${'1,'.repeat(300)}1`,
    ])
      expect(ResumePosition.parse('m', MESSAGE_KEYS, text)).toBeNull();
    expect(ResumePosition.parse('m', MESSAGE_KEYS, 'm:0:')!.seen.size).toBe(0);
  });

  it('moves its floor only past items older than SETTLE_MS, forgetting the names below it', () => {
    const position = new ResumePosition('m', MESSAGE_KEYS, 10n);
    position.add('11', 11n, NOW - SETTLE_MS - 1);
    position.add('12', 12n, NOW - SETTLE_MS + 1_000);
    position.add('14', 14n, NOW);
    expect(position.settleTarget(NOW)).toBe(11n);
    position.moveFloor(11n);
    expect(position.encode()).toBe('m:11:1,3');
    // Names whose time is unknown (read back from a client) never move the floor by age.
    const read = ResumePosition.parse('m', MESSAGE_KEYS, position.encode())!;
    expect(read.settleTarget(NOW + 10 * SETTLE_MS)).toBe(11n);
    read.moveFloor(5n); // never down
    expect(read.floor).toBe(11n);
  });

  it('names at most MAX_SEEN items: past them the floor moves over the oldest', () => {
    const position = new ResumePosition('m', MESSAGE_KEYS, 0n);
    for (let id = 1; id <= MAX_SEEN + 5; id += 1) position.add(String(id), BigInt(id), NOW);
    expect(position.settleTarget(NOW)).toBe(5n);
    position.moveFloor(position.settleTarget(NOW));
    expect(position.seen.size).toBe(MAX_SEEN);
  });
});

describe('a notification stream position', () => {
  it('names notifications by their UUIDs in 22 characters, learning their times when read again', () => {
    const position = new ResumePosition('n', NOTIFICATION_KEYS, BigInt(NOW - SETTLE_MS));
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    position.add(id, BigInt(NOW), NOW);
    const text = position.encode();
    expect(text).toMatch(/^n:\d+:[A-Za-z0-9_-]{22}$/);
    const read = ResumePosition.parse('n', NOTIFICATION_KEYS, text)!;
    expect(read.seen.get(id)).toEqual({ position: null, createdAt: null });
    read.learn(id, BigInt(NOW), NOW);
    read.learn('1b4e28ba-2fa1-11d2-883f-0016d3cca427', 1n, 1); // not named: ignored
    expect([...read.seen.keys()]).toEqual([id]);
    read.forgetUnknown();
    expect(read.seen.size).toBe(1);
    expect(ResumePosition.parse('n', NOTIFICATION_KEYS, `n:1:${'x'.repeat(21)}`)).toBeNull();
  });
});
