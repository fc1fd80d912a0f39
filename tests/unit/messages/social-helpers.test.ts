import { describe, expect, it } from 'vitest';
import type { TExchangeSummary } from '../../../server/contracts/exchanges';
import type { TChatMessage } from '../../../server/contracts/social';
import { appPath } from '../../../renderer/features/activity/app-path';
import { relativeTime } from '../../../renderer/features/activity/time-format';
import { exchangesWithSteps, formatDay, inDaysLabel, nextStepOf } from '../../../renderer/features/home/next-step';
import { compareIds, mergeMessages } from '../../../renderer/features/messages/chat-state';
import { unwrapTracked } from '../../../renderer/live-link';
import { dueLabel } from '../../../renderer/features/messages/reminder-format';

function message(messageId: string, body = `m${messageId}`): TChatMessage {
  return {
    messageId,
    conversationId: 'c1',
    sender: { userId: 'u1', name: 'Ann', displayName: 'Ann', shortName: 'Ann', pictureUrl: null, isChild: false },
    isMine: false,
    body,
    createdAt: '2026-11-25T10:00:00Z',
  };
}

describe('chat state', () => {
  it('compares decimal ids as numbers', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('100', '99')).toBeGreaterThan(0);
    expect(compareIds('42', '42')).toBe(0);
  });

  it('merges pages, sent and live messages once each, oldest first', () => {
    const merged = mergeMessages(
      [message('10'), message('11')],
      [message('9'), message('11', 'again')],
      [message('12')],
    );
    expect(merged.map((item) => item.messageId)).toEqual(['9', '10', '11', '12']);
    expect(merged[2]?.body).toBe('again');
  });

  it('unwraps tracked events and passes plain ones through', () => {
    const plain = message('5');
    expect(unwrapTracked<TChatMessage>({ id: '5', data: plain })).toBe(plain);
    expect(unwrapTracked<TChatMessage>(plain)).toBe(plain);
  });
});

describe('app paths', () => {
  it('keeps same-origin paths only', () => {
    expect(appPath('/gift-exchanges/1/')).toBe('/gift-exchanges/1/');
    expect(appPath('//evil.example/')).toBeNull();
    expect(appPath('/\\evil.example')).toBeNull();
    expect(appPath('javascript:alert(1)')).toBeNull();
    expect(appPath('https://evil.example/')).toBeNull();
    expect(appPath(null)).toBeNull();
  });
});

describe('times', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('says how long ago', () => {
    expect(relativeTime('2026-11-25T11:59:40Z', now)).toBe('just now');
    expect(relativeTime('2026-11-25T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-25T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-24T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-01T12:00:00Z', now)).toBe('Nov 1');
    expect(relativeTime('2025-11-01T12:00:00Z', now)).toBe('Nov 1, 2025');
    expect(relativeTime('not a date', now)).toBe('');
  });

  it('says when a reminder is due', () => {
    const today = new Date(2026, 10, 25);
    expect(dueLabel('2026-11-25', today)).toBe('Due today');
    expect(dueLabel('2026-11-26', today)).toBe('Due tomorrow');
    expect(dueLabel('2026-12-03', today)).toBe('Due Dec 3');
    expect(dueLabel('2026-11-20', today)).toBe('Was due Nov 20');
  });

  it('says when a birthday is', () => {
    expect(inDaysLabel(0)).toBe('today');
    expect(inDaysLabel(1)).toBe('tomorrow');
    expect(inDaysLabel(3)).toBe('in 3 days');
    expect(formatDay('2026-12-24')).toBe('Dec 24, 2026');
  });
});

describe('next step of a gift exchange', () => {
  const base: TExchangeSummary = {
    exchangeId: 'e1',
    title: 'Family Santa',
    status: 'open',
    signUpDate: null,
    exchangeDate: '2026-12-24',
    budget: { currency: 'USD', amount: 25 },
    deliveryType: 'inPerson',
    themeId: 'classic',
    gameType: 'secret-santa',
    imageUrl: null,
    organizer: { userId: 'o', name: 'O', displayName: 'O', shortName: 'O', pictureUrl: null, isChild: false },
    myRole: 'participant',
    myStatus: 'accepted',
    participantCount: 5,
    acceptedCount: 4,
  };
  const today = '2026-11-25';
  const step = (patch: Partial<TExchangeSummary>) => nextStepOf({ ...base, ...patch }, today);

  it('asks an invitee to answer', () => {
    expect(step({ myRole: 'invitee', myStatus: 'invited' })).toMatchObject({
      kind: 'answer',
      label: 'Answer the invitation',
      to: '/gift-exchanges/e1/rsvp/',
    });
  });

  it('asks the organizer to draw names, and participants to wait', () => {
    expect(step({ myRole: 'organizer', myStatus: 'organizing' }).label).toBe('Draw names');
    expect(step({}).label).toBe('Waiting for the draw');
  });

  it('leads a participant to their recipient once drawn, then to thank-yous', () => {
    expect(step({ status: 'drawn' }).label).toBe('See who you drew');
    expect(step({ status: 'drawn', exchangeDate: '2026-11-25' }).kind).toBe('exchange-day');
    expect(step({ status: 'exchanged', exchangeDate: '2026-11-20' })).toMatchObject({
      label: 'Say thank you',
      to: '/gift-exchanges/e1/thank-yous/',
    });
    expect(step({ status: 'exchanged', exchangeDate: '2026-09-01' }).kind).toBe('none');
  });

  it('speaks of a party game’s turn order, not names, and asks for no thank-you after it', () => {
    const party = { gameType: 'white-elephant' as const };
    expect(step({ ...party, myRole: 'organizer', myStatus: 'organizing' })).toMatchObject({
      kind: 'draw',
      label: 'Draw the turn order',
    });
    expect(step(party).label).toBe('Waiting for the turn order');
    expect(step({ ...party, status: 'drawn' })).toMatchObject({ kind: 'see-turn', label: 'See your turn' });
    expect(step({ ...party, status: 'drawn', exchangeDate: '2026-11-25' }).label).toBe('Party day: today!');
    expect(step({ ...party, status: 'drawn', myRole: 'organizer', myStatus: 'organizing' }).label).toBe(
      'The turn order is drawn',
    );
    expect(step({ ...party, gameType: 'yankee-swap', status: 'exchanged', exchangeDate: '2026-11-20' }).kind).toBe(
      'none',
    );
  });

  it('drops declined and archived exchanges, and sorts the rest soonest first', () => {
    expect(step({ myStatus: 'declined' }).kind).toBe('none');
    expect(step({ status: 'archived' }).kind).toBe('none');
    const rows = exchangesWithSteps(
      [
        { ...base, exchangeId: 'late', exchangeDate: '2026-12-31' },
        { ...base, exchangeId: 'gone', status: 'archived' },
        { ...base, exchangeId: 'soon', exchangeDate: '2026-12-01' },
      ],
      today,
    );
    expect(rows.map((row) => row.exchange.exchangeId)).toEqual(['soon', 'late']);
  });
});
