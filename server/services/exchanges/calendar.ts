/**
 * The exchange in calendars (issue 29): an .ics event (npm `ics`) for the "you're in" and "names are
 * drawn" mails and the exchange page's download, and a Google Calendar link.
 *
 * The exchange date is a calendar day and its party time (when given) a wall-clock time where the
 * party is; neither may shift with the time zone of the server or of the reader. So the day is an
 * all-day event (DTSTART;VALUE=DATE) and a party time is a floating local time (no Z, no TZID):
 * every calendar shows it at that hour wherever it is opened. The date is read in UTC (a DATE
 * column arrives as UTC midnight), never in the process's zone.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createEvent, type DateArray, type EventAttributes } from 'ics';
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TConfig } from '../../config';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMailAttachment } from '../../mail/mailer';
import { accessExchange, findSeat } from './access';

export interface TCalendarExchange {
  id: string;
  title: string;
  description: string | null;
  exchangeDate: Date;
  partyTime: string | null;
  location: string | null;
}

/** How long a party with a start time lasts in the calendar. */
const PARTY_HOURS = 3;

function dayOf(date: Date): [number, number, number] {
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

function timeOf(partyTime: string | null): [number, number] | null {
  const match = partyTime ? /^(\d{1,2}):(\d{2})$/.exec(partyTime) : null;
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? [hours, minutes] : null;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The day after, as a date array (all-day events end on the next day, exclusive). */
function nextDay(day: [number, number, number]): [number, number, number] {
  const next = new Date(Date.UTC(day[0], day[1] - 1, day[2] + 1));
  return dayOf(next);
}

function exchangeUrl(config: Pick<TConfig, 'publicUrl'>, exchange: Pick<TCalendarExchange, 'id'>): string {
  return `${config.publicUrl}/gift-exchanges/${exchange.id}/`;
}

function eventOf(config: Pick<TConfig, 'publicUrl'>, exchange: TCalendarExchange): EventAttributes {
  const day = dayOf(exchange.exchangeDate);
  const time = timeOf(exchange.partyTime);
  const url = exchangeUrl(config, exchange);
  const common = {
    uid: `exchange-${exchange.id}@gifting`,
    productId: 'gifting/exchanges',
    title: exchange.title,
    description: [exchange.description, `The gift exchange on Gifting: ${url}`].filter(Boolean).join('\n\n'),
    url,
    ...(exchange.location ? { location: exchange.location } : {}),
    calName: 'Gifting',
  };
  if (!time) return { ...common, start: day, end: nextDay(day) };
  const start: DateArray = [...day, time[0], time[1]];
  // 'local' in and out: ics writes the numbers as they are, without a zone (a floating time).
  return { ...common, start, startInputType: 'local', startOutputType: 'local', duration: { hours: PARTY_HOURS } };
}

/** The exchange as an iCalendar file. */
export function exchangeIcs(config: Pick<TConfig, 'publicUrl'>, exchange: TCalendarExchange): string {
  const { error, value } = createEvent(eventOf(config, exchange));
  if (error || !value) throw error ?? new Error('calendar event could not be made');
  return value;
}

export function exchangeIcsAttachment(
  config: Pick<TConfig, 'publicUrl'>,
  exchange: TCalendarExchange,
): TMailAttachment {
  return {
    filename: 'gift-exchange.ics',
    content: exchangeIcs(config, exchange),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  };
}

/** Google Calendar's "add event" link with the same day (and floating time) as the .ics. */
export function googleCalendarUrl(config: Pick<TConfig, 'publicUrl'>, exchange: TCalendarExchange): string {
  const day = dayOf(exchange.exchangeDate);
  const time = timeOf(exchange.partyTime);
  const stamp = (d: [number, number, number]) => `${d[0]}${pad(d[1])}${pad(d[2])}`;
  let dates: string;
  if (!time) dates = `${stamp(day)}/${stamp(nextDay(day))}`;
  else {
    const endMinutes = time[0] * 60 + time[1] + PARTY_HOURS * 60;
    const endDay = endMinutes >= 24 * 60 ? nextDay(day) : day;
    const end = endMinutes % (24 * 60);
    dates = `${stamp(day)}T${pad(time[0])}${pad(time[1])}00/${stamp(endDay)}T${pad(Math.floor(end / 60))}${pad(end % 60)}00`;
  }
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: exchange.title,
    dates,
    details: `The gift exchange on Gifting: ${exchangeUrl(config, exchange)}`,
    ...(exchange.location ? { location: exchange.location } : {}),
  });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

export const CALENDAR_SELECT = {
  id: true,
  title: true,
  description: true,
  exchangeDate: true,
  partyTime: true,
  location: true,
} as const;

// ---- The "Add to calendar" links of the exchange page ----

function calendarKey(config: Pick<TConfig, 'jwt'>): Buffer {
  const material = config.jwt.algorithm === 'HS256' ? config.jwt.secret : config.jwt.privateKey;
  return createHmac('sha256', material).update('gifting:exchange-calendar:v1').digest();
}

function calendarSignature(config: Pick<TConfig, 'jwt'>, exchangeId: string, userId: string): string {
  return createHmac('sha256', calendarKey(config)).update(`${exchangeId}\n${userId}`).digest('base64url');
}

/**
 * The .ics download address for one person in the exchange: signed for them, so a browser download
 * or a calendar app (neither sends the app's bearer token) may fetch it; it still answers only
 * while that person is in the exchange.
 */
export function exchangeIcsUrl(config: Pick<TConfig, 'jwt' | 'publicUrl'>, exchangeId: string, userId: string): string {
  const query = new URLSearchParams({ u: userId, sig: calendarSignature(config, exchangeId, userId) });
  return `${config.publicUrl}/v1/exchanges/${exchangeId}/calendar?${query.toString()}`;
}

/** The caller's "Add to calendar" links (anyone who may see the exchange). */
export async function calendarLinks(
  deps: Pick<TAppDeps, 'db' | 'config'>,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
): Promise<{ icsUrl: string; googleUrl: string }> {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const exchange = await deps.db.exchange.findUniqueOrThrow({ where: { id: exchangeId }, select: CALENDAR_SELECT });
  return {
    icsUrl: exchangeIcsUrl(deps.config, exchangeId, access.caller.userId),
    googleUrl: googleCalendarUrl(deps.config, exchange),
  };
}

/**
 * GET /v1/exchanges/{id}/calendar: the .ics, for a signed link (`u`, `sig`) of someone still in the
 * exchange, or for a signed-in caller who may see it. Otherwise 404 (401 without either).
 */
export async function calendarFile(
  deps: Pick<TAppDeps, 'db' | 'config'>,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; u?: string; sig?: string },
): Promise<string> {
  if (input.u && input.sig) {
    const expected = Buffer.from(calendarSignature(deps.config, input.exchangeId, input.u));
    const given = Buffer.from(input.sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('NOT_FOUND');
    const exchange = await deps.db.exchange.findUnique({
      where: { id: input.exchangeId },
      select: { ...CALENDAR_SELECT, organizerId: true },
    });
    if (!exchange) throw new AppError('NOT_FOUND');
    const seat = await findSeat(deps.db, input.exchangeId, input.u);
    if (exchange.organizerId !== input.u && (!seat || seat.status === 'declined')) throw new AppError('NOT_FOUND');
    return exchangeIcs(deps.config, exchange);
  }
  await accessExchange(deps.db, identity, input.exchangeId);
  const exchange = await deps.db.exchange.findUniqueOrThrow({
    where: { id: input.exchangeId },
    select: CALENDAR_SELECT,
  });
  return exchangeIcs(deps.config, exchange);
}
