/** Shared Intl formatters (renderer/kit/intl.ts): made once, and formatting as toLocale*String does. */
import { describe, expect, it } from 'vitest';
import { compareIso, dateTimeFormat, numberFormat, relativeTimeFormat } from '../../../renderer/kit/intl';
import { formatCount } from '../../../renderer/features/home/format';
import { formatDay } from '../../../renderer/features/home/next-step';
import { relativeTime } from '../../../renderer/features/activity/time-format';

describe('shared Intl formatters', () => {
  it('makes one formatter per locale and options', () => {
    const options = { month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('en-US', options)).toBe(dateTimeFormat('en-US', { ...options }));
    expect(dateTimeFormat('en-US', options)).not.toBe(dateTimeFormat('en-GB', options));
    expect(numberFormat('de-DE')).toBe(numberFormat('de-DE'));
    expect(relativeTimeFormat('en-US', { numeric: 'auto' })).toBe(relativeTimeFormat('en-US', { numeric: 'auto' }));
  });

  it('formats as toLocaleDateString and toLocaleString do', () => {
    const at = new Date('2026-12-24T15:05:00Z');
    const day = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('en-US', day).format(at)).toBe(at.toLocaleDateString('en-US', day));
    expect(formatDay('2026-12-24')).toBe('Dec 24, 2026');
    expect(formatCount(12345, 'de-DE')).toBe('12.345');
    // An unknown locale still throws, so callers can fall back.
    expect(() => numberFormat('not a locale')).toThrow(RangeError);
    expect(formatCount(12345, 'not a locale')).toBe('12,345');
    const now = Date.parse('2026-12-24T15:05:00Z');
    expect(relativeTime('2026-12-24T13:00:00Z', now)).toBe('2 hours ago');
    expect(relativeTime('2025-03-02T12:00:00Z', now)).toBe(
      new Date('2025-03-02T12:00:00Z').toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    );
  });

  it('orders ISO dates without a collator', () => {
    const dates = ['2026-12-24', '2026-01-02', '2027-01-01', '2026-12-24T10:00:00Z'];
    expect([...dates].sort(compareIso)).toEqual(['2026-01-02', '2026-12-24', '2026-12-24T10:00:00Z', '2027-01-01']);
    expect(compareIso('a', 'a')).toBe(0);
  });
});
