import { describe, expect, it } from 'vitest';
import {
  exchangeTheme,
  parseInviteLines,
  ZExchangeCreate,
  ZInvitee,
  ZSendMessage,
} from '../../../server/contracts/exchanges';

describe('parseInviteLines (bulk paste)', () => {
  it('reads the forms people paste, one row per non-empty line, numbered as typed', () => {
    const rows = parseInviteLines(
      [
        'Ann Lee <ann@example.com>',
        '',
        'Bob Ray, bob@example.com',
        'cid@example.com',
        'dee@example.com\tDee Moe',
        '"Eve, the boss" <eve@example.com>',
        'Fay without an address',
      ].join('\n'),
    );
    expect(rows).toEqual([
      { row: 1, name: 'Ann Lee', email: 'ann@example.com' },
      { row: 3, name: 'Bob Ray', email: 'bob@example.com' },
      { row: 4, name: null, email: 'cid@example.com' },
      { row: 5, name: 'Dee Moe', email: 'dee@example.com' },
      { row: 6, name: 'Eve, the boss', email: 'eve@example.com' },
      { row: 7, name: 'Fay without an address', email: '' },
    ]);
  });

  it('leaves validation to the invitee schema, with the spec messages', () => {
    expect(ZInvitee.safeParse({ name: 'Ann', email: ' ANN@Example.com ' }).data?.email).toBe('ann@example.com');
    expect(ZInvitee.safeParse({ name: 'Ann', email: 'ann-at-example' }).error?.issues[0]?.message).toBe(
      'Value is not a valid email address',
    );
    expect(ZInvitee.safeParse({ name: 'Ann', email: '' }).error?.issues[0]?.message).toBe('Value is required');
  });
});

describe('exchange input', () => {
  it('keeps the sign-up date on or before the exchange date and restrictions between two listed people', () => {
    const bad = ZExchangeCreate.safeParse({
      title: 'X',
      exchangeDate: '2030-12-01',
      signUpDate: '2030-12-02',
      participants: [{ email: 'a@example.com' }],
      restrictions: [{ giver: 0, receiver: 0 }],
    });
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['signUpDate', 'The sign-up date must be on or before the exchange date'],
      ['restrictions.0', 'Choose two different people'],
    ]);
    expect(ZExchangeCreate.safeParse({ title: '  ', exchangeDate: '2030-12-01' }).error?.issues[0]?.message).toBe(
      'Value is required',
    );
  });

  it('falls back to the classic theme for unknown ids', () => {
    expect(exchangeTheme('winter').emoji).toBe('❄️');
    expect(exchangeTheme('nope').id).toBe('classic');
  });
});

describe('messages', () => {
  it('may span lines but never carry other control characters', () => {
    const base = { exchangeId: '00000000-0000-4000-a000-000000000000', with: 'santa' as const };
    expect(ZSendMessage.safeParse({ ...base, body: ' Hi!\nMedium, please. ' }).data?.body).toBe('Hi!\nMedium, please.');
    expect(ZSendMessage.safeParse({ ...base, body: 'Hi\u0000' }).error?.issues[0]?.message).toBe(
      'The value contains characters that are not allowed',
    );
    expect(ZSendMessage.safeParse({ ...base, body: '   ' }).error?.issues[0]?.message).toBe('Value is required');
  });
});
