import { describe, expect, it } from 'vitest';
import { SMOOTH_SCROLL_MS } from '../../../server/contracts/constants';
import {
  easeInOutCubic,
  readScrollPositions,
  scrollDecision,
  smoothScrollPosition,
  smoothScrollTo,
  writeScrollPositions,
  type TScrollDeps,
} from '../../../renderer/app/runtime/scroll';

describe('scrollDecision', () => {
  it('restores the saved position on back/forward', () => {
    expect(
      scrollDecision({ navigationType: 'POP', previousPathname: '/home/', pathname: '/', hash: '', saved: 1500 }),
    ).toEqual({
      kind: 'restore',
      y: 1500,
    });
  });

  it('does not restore on a push even when a position is known for the entry', () => {
    expect(
      scrollDecision({ navigationType: 'PUSH', previousPathname: '/home/', pathname: '/', hash: '', saved: 1500 }),
    ).toEqual({
      kind: 'top',
    });
  });

  it('keeps the position when only the query changes on the same path', () => {
    expect(
      scrollDecision({ navigationType: 'PUSH', previousPathname: '/', pathname: '/', hash: '', saved: undefined }),
    ).toEqual({
      kind: 'keep',
    });
    expect(
      scrollDecision({
        navigationType: 'REPLACE',
        previousPathname: '/home/',
        pathname: '/home/',
        hash: '',
        saved: null,
      }),
    ).toEqual({
      kind: 'keep',
    });
    // back/forward to an entry without a saved position, same path
    expect(
      scrollDecision({
        navigationType: 'POP',
        previousPathname: '/home/',
        pathname: '/home/',
        hash: '',
        saved: undefined,
      }),
    ).toEqual({
      kind: 'keep',
    });
  });

  it('goes to the top on a new path', () => {
    expect(
      scrollDecision({ navigationType: 'PUSH', previousPathname: '/', pathname: '/home/', hash: '', saved: undefined }),
    ).toEqual({
      kind: 'top',
    });
    expect(
      scrollDecision({ navigationType: 'POP', previousPathname: '/', pathname: '/home/', hash: '', saved: undefined }),
    ).toEqual({
      kind: 'top',
    });
  });

  it('scrolls to a hash target, falling back to keep (same path) or top (new path)', () => {
    expect(
      scrollDecision({
        navigationType: 'PUSH',
        previousPathname: '/welcome/',
        pathname: '/welcome/',
        hash: '#section-2',
        saved: undefined,
      }),
    ).toEqual({
      kind: 'hash',
      id: 'section-2',
      fallback: 'keep',
    });
    expect(
      scrollDecision({
        navigationType: 'PUSH',
        previousPathname: '/',
        pathname: '/welcome/',
        hash: '#caf%C3%A9',
        saved: undefined,
      }),
    ).toEqual({
      kind: 'hash',
      id: 'café',
      fallback: 'top',
    });
  });

  it('keeps the browser position on the first render', () => {
    expect(
      scrollDecision({ navigationType: 'POP', previousPathname: null, pathname: '/', hash: '', saved: undefined }),
    ).toEqual({ kind: 'keep' });
    expect(
      scrollDecision({ navigationType: 'POP', previousPathname: null, pathname: '/', hash: '', saved: 300 }),
    ).toEqual({ kind: 'restore', y: 300 });
  });
});

describe('smooth scroll', () => {
  it('lasts 468 ms with an ease-in-out curve', () => {
    expect(SMOOTH_SCROLL_MS).toBe(468);
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.25)).toBeLessThan(0.25);
    expect(smoothScrollPosition(1000, 0, 0)).toBe(1000);
    expect(smoothScrollPosition(1000, 0, SMOOTH_SCROLL_MS / 2)).toBeCloseTo(500);
    expect(smoothScrollPosition(1000, 0, SMOOTH_SCROLL_MS)).toBe(0);
    expect(smoothScrollPosition(1000, 0, 10_000)).toBe(0);
  });

  it('animates frame by frame and lands on the target at 468 ms', () => {
    let time = 0;
    let y = 900;
    const frames: Array<() => void> = [];
    const deps: TScrollDeps = {
      getY: () => y,
      setY: (next) => {
        y = next;
      },
      now: () => time,
      requestFrame: (callback) => frames.push(callback),
      cancelFrame: () => undefined,
    };
    let done = false;
    smoothScrollTo(0, deps, { onDone: () => (done = true) });
    const seen: number[] = [];
    while (frames.length > 0 && time <= 1000) {
      time += 16;
      frames.shift()?.();
      seen.push(y);
    }
    expect(done).toBe(true);
    expect(y).toBe(0);
    expect(time).toBeGreaterThanOrEqual(SMOOTH_SCROLL_MS);
    expect(time).toBeLessThan(SMOOTH_SCROLL_MS + 32);
    // monotonic
    expect(seen.every((value, index) => index === 0 || value <= (seen[index - 1] ?? Infinity))).toBe(true);
  });

  it('can be cancelled', () => {
    const frames: Array<() => void> = [];
    let y = 500;
    const cancel = smoothScrollTo(0, {
      getY: () => y,
      setY: (next) => (y = next),
      now: () => 0,
      requestFrame: (callback) => frames.push(callback),
      cancelFrame: () => undefined,
    });
    cancel();
    frames.shift()?.();
    expect(y).toBe(500);
  });
});

describe('saved positions', () => {
  it('round-trips through sessionStorage text and ignores garbage', () => {
    const map = new Map([
      ['a', 10],
      ['b', 2000],
    ]);
    expect(readScrollPositions(writeScrollPositions(map))).toEqual(map);
    expect(readScrollPositions('not json').size).toBe(0);
    expect(readScrollPositions('{"a":"x","b":5}')).toEqual(new Map([['b', 5]]));
    expect(readScrollPositions(null).size).toBe(0);
  });
});
