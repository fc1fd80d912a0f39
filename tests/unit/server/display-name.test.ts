import { describe, expect, it } from 'vitest';
import { displayName, shortDisplayName } from '../../../server/contracts/identity';

describe('display names (spec §3)', () => {
  it('first plus last name, else last name, else name', () => {
    expect(displayName({ firstName: 'Dana', lastName: 'Demo', name: 'x' })).toBe('Dana Demo');
    expect(displayName({ firstName: null, lastName: 'Demo', name: 'x' })).toBe('Demo');
    expect(displayName({ firstName: ' ', lastName: '', name: 'Dana D' })).toBe('Dana D');
  });

  it('the short form is the first name plus the last initial', () => {
    expect(shortDisplayName({ firstName: 'Dana', lastName: 'Demo' })).toBe('Dana D.');
    expect(shortDisplayName({ firstName: 'Dana', lastName: null })).toBe('Dana');
    expect(shortDisplayName({ firstName: null, lastName: 'Demo', name: 'x' })).toBe('Demo');
  });
});
