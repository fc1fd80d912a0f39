/**
 * /home/'s "Your gift exchanges": the next thing the member has to do in each exchange, in words,
 * with where it is done, derived from the exchange's summary (`exchanges.mine`). Pure, so it is
 * tested without a screen.
 */
import { isPartyGame } from '../../../server/contracts/exchange-kinds';
import type { TExchangeSummary } from '../../../server/contracts/exchanges';
import { href } from '../../routes/route-table';
import { compareIso, dateTimeFormat } from '../../kit/intl';

export type TNextStepKind =
  | 'answer'
  | 'finish-setup'
  | 'draw'
  | 'wait-for-draw'
  | 'see-recipient'
  | 'see-turn'
  | 'exchange-day'
  | 'thank'
  | 'none';

export interface TNextStep {
  kind: TNextStepKind;
  label: string;
  to: string;
}

/** How long after the exchange day "Say thank you" stays on home. */
export const THANK_YOU_DAYS = 30;

function daysBetween(fromIso: string, toIso: string): number {
  const from = Date.parse(`${fromIso.slice(0, 10)}T00:00:00Z`);
  const to = Date.parse(`${toIso.slice(0, 10)}T00:00:00Z`);
  return Math.round((to - from) / 86_400_000);
}

export function todayIso(now: Date = new Date()): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function nextStepOf(exchange: TExchangeSummary, today: string = todayIso()): TNextStep {
  const exchangeId = exchange.exchangeId;
  const main = href('v2.giftExchanges.main', { exchangeId });
  const manages = exchange.myRole === 'organizer' || exchange.myRole === 'assistant';
  const takesPart = exchange.myStatus === 'accepted';
  const daysToExchange = daysBetween(today, exchange.exchangeDate);
  // A party game (White Elephant, Yankee Swap) draws a turn order, not names, and has no thank-yous.
  const party = isPartyGame(exchange.gameType);

  if (exchange.status === 'archived' || exchange.myStatus === 'declined') return { kind: 'none', label: '', to: main };
  if (exchange.myRole === 'invitee' || exchange.myStatus === 'invited') {
    return exchange.status === 'open' || exchange.status === 'draft'
      ? { kind: 'answer', label: 'Answer the invitation', to: href('v2.giftExchanges.rsvp', { exchangeId }) }
      : { kind: 'none', label: '', to: main };
  }
  if (exchange.status === 'draft') {
    return manages
      ? { kind: 'finish-setup', label: 'Finish setting it up', to: href('v2.giftExchanges.edit', { exchangeId }) }
      : { kind: 'wait-for-draw', label: 'Waiting for the organizer', to: main };
  }
  if (exchange.status === 'open') {
    if (party)
      return manages
        ? { kind: 'draw', label: 'Draw the turn order', to: main }
        : { kind: 'wait-for-draw', label: 'Waiting for the turn order', to: main };
    return manages
      ? { kind: 'draw', label: 'Draw names', to: main }
      : { kind: 'wait-for-draw', label: 'Waiting for the draw', to: main };
  }
  // Drawn or exchanged.
  if (exchange.status === 'exchanged' || daysToExchange < 0) {
    return takesPart && !party && -daysToExchange <= THANK_YOU_DAYS
      ? { kind: 'thank', label: 'Say thank you', to: href('v2.giftExchanges.thankYous', { exchangeId }) }
      : { kind: 'none', label: '', to: main };
  }
  if (takesPart) {
    if (daysToExchange === 0)
      return { kind: 'exchange-day', label: party ? 'Party day: today!' : 'Exchange day: today!', to: main };
    return party
      ? { kind: 'see-turn', label: 'See your turn', to: main }
      : { kind: 'see-recipient', label: 'See who you drew', to: main };
  }
  return { kind: 'exchange-day', label: party ? 'The turn order is drawn' : 'Names are drawn', to: main };
}

/** The exchanges worth a line on home (a step to take), soonest first, at most `limit`. */
export function exchangesWithSteps(
  exchanges: readonly TExchangeSummary[],
  today: string = todayIso(),
  limit = 5,
): { exchange: TExchangeSummary; step: TNextStep }[] {
  return exchanges
    .map((exchange) => ({ exchange, step: nextStepOf(exchange, today) }))
    .filter((row) => row.step.kind !== 'none')
    .sort((a, b) => compareIso(a.exchange.exchangeDate, b.exchange.exchangeDate))
    .slice(0, limit);
}

/** "today", "tomorrow", "in 3 days". */
export function inDaysLabel(inDays: number): string {
  if (inDays <= 0) return 'today';
  if (inDays === 1) return 'tomorrow';
  return `in ${inDays} days`;
}

/** A calendar day ("2026-12-24") as "Dec 24, 2026", the same everywhere. */
export function formatDay(iso: string): string {
  const at = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isFinite(at)
    ? dateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(at))
    : iso;
}
