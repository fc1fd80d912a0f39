import { describe, expect, it } from 'vitest';
import { gtidCovers, parseGtidPosition } from '../../../server/db/gtid';

describe('GTID positions', () => {
  it('reads one sequence per domain, the highest when a domain is named twice', () => {
    expect(parseGtidPosition('0-1-100,1-2-7, 0-3-90')).toEqual(
      new Map([
        [0, 100n],
        [1, 7n],
      ]),
    );
    expect(parseGtidPosition('')).toEqual(new Map());
    expect(parseGtidPosition(null)).toEqual(new Map());
  });

  it('a replica covers a position when it has reached it in every domain the position names', () => {
    const replica = parseGtidPosition('0-1-100,1-2-7');
    expect(gtidCovers(replica, parseGtidPosition('0-1-100'))).toBe(true);
    expect(gtidCovers(replica, parseGtidPosition('0-1-99,1-2-7'))).toBe(true);
    expect(gtidCovers(replica, parseGtidPosition('0-1-101'))).toBe(false);
    expect(gtidCovers(replica, parseGtidPosition('0-1-100,2-5-1'))).toBe(false);
    // Sequences past 2^53 compare exactly.
    expect(gtidCovers(parseGtidPosition('0-1-9007199254740993'), parseGtidPosition('0-1-9007199254740992'))).toBe(true);
    expect(gtidCovers(new Map(), new Map())).toBe(true);
  });
});
