import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../../server/contracts/validation';

describe('isCalendarDate', () => {
  it('takes days that exist, leap days in leap years only', () => {
    for (const day of ['2026-12-24', '2024-02-29', '2000-02-29', '2026-01-31']) expect(isCalendarDate(day)).toBe(true);
  });

  it('refuses days that do not exist and other shapes', () => {
    for (const day of [
      '2026-02-29',
      '1900-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-1-1',
      '24/12/2026',
      '2026-12-24T00:00:00Z',
      '',
    ])
      expect(isCalendarDate(day)).toBe(false);
  });
});
