/**
 * Inviting people: by e-mail (one or many), by pasting lines, or members by id (friends, address
 * book, group members); the copyable sign-up link; re-sending. Each row gets its own result (a bad
 * row never stops the good ones) and all accepted rows are written in one transaction, their mails
 * queued in it too, so nothing is half-sent: the job sends after the commit and retries on failure.
 *
 * People are accounts: a registered member is invited as themselves; an address nobody registered
 * gets a floater account (spec §6) whose mailed link signs them in for this exchange only.
 */
import { randomUUID } from 'node:crypto';
import { floaterLinkUrl } from '../../auth/floater-links';
import type { TVerifiedIdentity } from '../../auth/tokens';
import { exchangeTheme, parseInviteLines, ZInvitee, type TInviteResult } from '../../contracts/exchanges';
import { canonicalEmail } from '../../contracts/email-identity';
import { displayName } from '../../contracts/identity';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJobs } from '../../jobs/queue';
import { exchangeMail } from '../../mail/templates';
import { unsubscribeUrl } from '../../mail/unsubscribe';
import { blockedEitherWay } from '../people/access';
import { findSeat, manageExchange, requireJoinsOpen, type TExchangeAccess } from './access';
import { chunks, insertRows } from './bulk';
import { CALENDAR_SELECT, exchangeIcsAttachment } from './calendar';
import { recordEvent } from './events';

export const INVITE_MAIL_JOB = 'exchanges:invite-mail';
/** invite: please answer; confirmed: the organizer put you in (names entry); added: joined after the draw. */
export type TInviteMailKind = 'invite' | 'confirmed' | 'added';
/** How long before an invitation may be mailed again to the same person. */
const RESEND_AFTER_MS = 10 * 60_000;
export const TX_OPTIONS = { maxWait: 30_000, timeout: 60_000 } as const;

type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];
type TRawRow = { row: number; name: string | null | undefined; email: string };

function statusResult(status: string): Pick<TInviteResult, 'status' | 'message'> {
  if (status === 'invited') return { status: 'already-invited', message: 'Already invited' };
  return { status: 'already-joined', message: status === 'declined' ? 'Already answered: declined' : 'Already in' };
}

/** Locks the exchange row for the rest of the transaction: invitations and draws of one exchange queue up. */
export async function lockExchange(tx: TTx, exchangeId: string): Promise<string> {
  const rows = await tx.$queryRaw<
    { status: string }[]
  >`SELECT status FROM exchanges WHERE id = ${exchangeId} FOR UPDATE`;
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0].status;
}

/** Locks the exchange like lockExchange and says whether people may join now (access.joinsOpen). */
export async function lockJoinable(tx: TTx, exchangeId: string): Promise<{ status: string; lateJoinsOpen: boolean }> {
  const rows = await tx.$queryRaw<
    { status: string; late_joins_open: number | boolean }[]
  >`SELECT status, late_joins_open FROM exchanges WHERE id = ${exchangeId} FOR UPDATE`;
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return { status: rows[0].status, lateJoinsOpen: Boolean(rows[0].late_joins_open) };
}

/**
 * The accounts of many addresses at once (a few queries per thousand), keyed by canonical address
 * (email-identity.ts): registered members, then floaters, then new floaters for the rest. Addresses
 * are compared byte for byte on their canonical form, so `x@bücher.de` and `x@xn--bcher-kva.de` are
 * one person while a look-alike domain (`x@gmáil.com` for `x@gmail.com`) is somebody else.
 */
async function peopleFor(tx: TTx, wanted: { email: string; name: string | null }[]): Promise<Map<string, string>> {
  const byCanonical = new Map<string, { email: string; name: string | null }>();
  for (const row of wanted) {
    const canonical = canonicalEmail(row.email);
    if (canonical && !byCanonical.has(canonical)) byCanonical.set(canonical, row);
  }
  const found = new Map<string, string>();
  for (const part of chunks([...byCanonical.keys()])) {
    const registered = await tx.user.findMany({
      where: { registeredEmail: { in: part }, deletedAt: null },
      select: { id: true, registeredEmail: true },
    });
    for (const user of registered) if (user.registeredEmail) found.set(user.registeredEmail, user.id);
    const floaters = await tx.user.findMany({
      where: {
        emailCanonical: { in: part.filter((canonical) => !found.has(canonical)) },
        registeredEmail: null,
        deletedAt: null,
        credential: { is: null },
        externalIdentities: { none: {} },
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, emailCanonical: true },
    });
    for (const user of floaters)
      if (user.emailCanonical && !found.has(user.emailCanonical)) found.set(user.emailCanonical, user.id);
  }
  const fresh = [...byCanonical]
    .filter(([canonical]) => !found.has(canonical))
    .map(([canonical, row]) => {
      const [first, ...rest] = (row.name ?? '').split(/\s+/).filter(Boolean);
      return {
        id: randomUUID(),
        email: row.email,
        canonical,
        name: (row.name ?? row.email.split('@')[0] ?? row.email).slice(0, 100),
        firstName: first?.slice(0, 50) ?? null,
        lastName: rest.join(' ').slice(0, 50) || null,
      };
    });
  const now = new Date();
  await insertRows(
    tx,
    'users',
    ['id', 'email', 'email_canonical', 'name', 'first_name', 'last_name', 'created_at', 'updated_at'],
    fresh.map((user) => [user.id, user.email, user.canonical, user.name, user.firstName, user.lastName, now, now]),
  );
  // Every account, a floater too, has its settings row (defaults, a fresh e-mail settings guid).
  await insertRows(
    tx,
    'user_settings',
    ['user_id', 'email_guid', 'updated_at'],
    fresh.map((user) => [user.id, randomUUID(), now]),
  );
  for (const user of fresh) found.set(user.canonical, user.id);
  return found;
}

/**
 * Adds people to an exchange inside the caller's transaction, in batches. Returns each row's
 * result and the ids newly added (whose mails the caller queues). `accepted`: the organizer
 * speaks for them (names entry): they are in the draw without answering.
 */
export async function addInvitees(
  tx: TTx,
  input: { exchangeId: string; invitedById: string; rows: TRawRow[]; status?: 'invited' | 'accepted' },
): Promise<{ results: TInviteResult[]; invitedIds: string[]; unmailedIds: string[] }> {
  const results: TInviteResult[] = [];
  const valid: { result: TInviteResult; name: string | null }[] = [];
  const seen = new Set<string>();
  for (const raw of input.rows) {
    const parsed = ZInvitee.safeParse({ name: raw.name ?? null, email: raw.email });
    const name = typeof raw.name === 'string' && raw.name.trim() ? raw.name.trim() : null;
    if (!parsed.success) {
      results.push({
        row: raw.row,
        name,
        email: raw.email,
        status: 'invalid',
        message: parsed.error.issues[0]?.message ?? 'Value is not a valid email address',
        userId: null,
      });
      continue;
    }
    const { email } = parsed.data;
    // One person per address: variants of one address (case, NFD, IDN) are listed once.
    const identity = canonicalEmail(email) ?? email;
    if (seen.has(identity)) {
      results.push({ row: raw.row, name, email, status: 'duplicate', message: 'Listed more than once', userId: null });
      continue;
    }
    seen.add(identity);
    const result: TInviteResult = { row: raw.row, name, email, status: 'invited', message: 'Invited', userId: null };
    results.push(result);
    valid.push({ result, name: parsed.data.name ?? null });
  }
  const accounts = await peopleFor(
    tx,
    valid.map(({ result, name }) => ({ email: result.email, name })),
  );
  for (const { result } of valid) result.userId = accounts.get(canonicalEmail(result.email) ?? '') ?? null;
  const ids = valid.map(({ result }) => result.userId!);
  const existing = new Map<string, { status: string; mailed: boolean }>();
  for (const part of chunks(ids)) {
    const seats = await tx.exchangeParticipant.findMany({
      where: { exchangeId: input.exchangeId, userId: { in: part } },
      select: { userId: true, status: true, inviteSentAt: true },
    });
    for (const seat of seats) existing.set(seat.userId, { status: seat.status, mailed: seat.inviteSentAt !== null });
  }
  const added = new Set<string>();
  const unmailed = new Set<string>();
  for (const { result } of valid) {
    const seat = existing.get(result.userId!);
    // Invited without a mail yet (an exchange created with the mails held back): this sends it.
    if (seat?.status === 'invited' && !seat.mailed && !unmailed.has(result.userId!)) unmailed.add(result.userId!);
    else if (seat) Object.assign(result, statusResult(seat.status));
    else if (!added.has(result.userId!)) added.add(result.userId!);
    else Object.assign(result, { status: 'duplicate', message: 'Listed more than once' });
  }
  const invitedIds = [...added];
  const now = new Date();
  const respondedAt = input.status === 'accepted' ? now : null;
  await insertRows(
    tx,
    'exchange_participants',
    ['exchange_id', 'user_id', 'status', 'invited_by_id', 'responded_at', 'invited_at'],
    invitedIds.map((userId) => [
      input.exchangeId,
      userId,
      input.status ?? 'invited',
      input.invitedById,
      respondedAt,
      now,
    ]),
  );
  return { results, invitedIds, unmailedIds: [...unmailed] };
}

/** Queues one invitation mail per person (inside the caller's transaction). */
export async function queueInviteMails(
  tx: TTx,
  input: { exchangeId: string; userIds: string[]; message?: string | null; kind?: TInviteMailKind },
): Promise<void> {
  if (input.userIds.length === 0) return;
  const stamp = Date.now();
  await enqueueJobs(
    tx,
    input.userIds.map((userId) => ({
      kind: INVITE_MAIL_JOB,
      payload: { exchangeId: input.exchangeId, userId, message: input.message ?? null, kind: input.kind ?? 'invite' },
      uniqueKey: `exchange-invite:${input.exchangeId}:${userId}:${stamp}`,
    })),
  );
  for (const part of chunks(input.userIds))
    await tx.exchangeParticipant.updateMany({
      where: { exchangeId: input.exchangeId, userId: { in: part } },
      data: { inviteSentAt: new Date() },
    });
}

async function inviteRows(
  deps: Pick<TAppDeps, 'db'>,
  access: TExchangeAccess,
  rows: TRawRow[],
  message: string | null | undefined,
): Promise<{ invited: number; results: TInviteResult[] }> {
  requireJoinsOpen(access.exchange);
  const { results } = await deps.db.$transaction(async (tx) => {
    requireJoinsOpen(await lockJoinable(tx, access.exchange.id));
    const outcome = await addInvitees(tx, { exchangeId: access.exchange.id, invitedById: access.caller.userId, rows });
    await queueInviteMails(tx, {
      exchangeId: access.exchange.id,
      userIds: [...outcome.invitedIds, ...outcome.unmailedIds],
      message,
    });
    if (outcome.invitedIds.length > 0)
      await recordEvent(tx, {
        exchangeId: access.exchange.id,
        actorId: access.caller.userId,
        kind: 'invited',
        details: { count: outcome.invitedIds.length },
      });
    return outcome;
  }, TX_OPTIONS);
  return { invited: results.filter((result) => result.status === 'invited').length, results };
}

export async function inviteByEmail(
  deps: Pick<TAppDeps, 'db'>,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; invitees: { name?: string | null; email: string }[]; message?: string | null },
) {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  const rows = input.invitees.map((invitee, index) => ({ row: index + 1, name: invitee.name, email: invitee.email }));
  return inviteRows(deps, access, rows, input.message);
}

export async function inviteBulk(
  deps: Pick<TAppDeps, 'db'>,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; text: string; message?: string | null },
) {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  const rows = parseInviteLines(input.text);
  if (rows.length === 0) throw new AppError('VALIDATION', { fieldErrors: { text: 'Value is required' } });
  if (rows.length > 200)
    throw new AppError('VALIDATION', { fieldErrors: { text: 'The maximum number of people per invitation is 200' } });
  return inviteRows(deps, access, rows, input.message);
}

/** Members by id (friends, address-book members, group members): refused rows for unknown or blocked people. */
export async function inviteUsers(
  deps: Pick<TAppDeps, 'db'>,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; userIds: string[]; message?: string | null },
) {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  requireJoinsOpen(access.exchange);
  const blocked = new Set(await blockedEitherWay(deps.db, access.caller.userId));
  const users = new Map(
    (
      await deps.db.user.findMany({
        where: { id: { in: input.userIds }, deletedAt: null },
        select: { id: true, name: true, firstName: true, lastName: true },
      })
    ).map((user) => [user.id, user]),
  );
  const results: TInviteResult[] = [];
  const toAdd: string[] = [];
  input.userIds.forEach((userId, index) => {
    const user = users.get(userId);
    const name = user ? displayName(user) : null;
    if (!user || blocked.has(userId)) {
      results.push({
        row: index + 1,
        name,
        email: '',
        status: 'invalid',
        message: 'You cannot invite this person',
        userId: null,
      });
    } else if (toAdd.includes(userId)) {
      results.push({ row: index + 1, name, email: '', status: 'duplicate', message: 'Listed more than once', userId });
    } else {
      toAdd.push(userId);
      results.push({ row: index + 1, name, email: '', status: 'invited', message: 'Invited', userId });
    }
  });
  let invited = 0;
  await deps.db.$transaction(async (tx) => {
    requireJoinsOpen(await lockJoinable(tx, access.exchange.id));
    const existing = new Map(
      (
        await tx.exchangeParticipant.findMany({
          where: { exchangeId: access.exchange.id, userId: { in: toAdd } },
          select: { userId: true, status: true },
        })
      ).map((seat) => [seat.userId, seat.status]),
    );
    const fresh = toAdd.filter((userId) => !existing.has(userId));
    for (const result of results) {
      const status = result.userId && result.status === 'invited' ? existing.get(result.userId) : undefined;
      if (status) Object.assign(result, statusResult(status));
    }
    await tx.exchangeParticipant.createMany({
      data: fresh.map((userId) => ({ exchangeId: access.exchange.id, userId, invitedById: access.caller.userId })),
    });
    await queueInviteMails(tx, { exchangeId: access.exchange.id, userIds: fresh, message: input.message });
    if (fresh.length > 0)
      await recordEvent(tx, {
        exchangeId: access.exchange.id,
        actorId: access.caller.userId,
        kind: 'invited',
        details: { count: fresh.length },
      });
    invited = fresh.length;
  }, TX_OPTIONS);
  return { invited, results };
}

export async function resendInvitation(
  deps: Pick<TAppDeps, 'db'>,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; userId: string },
): Promise<{ ok: true }> {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  requireJoinsOpen(access.exchange);
  const seat = await findSeat(deps.db, input.exchangeId, input.userId);
  if (!seat || seat.status !== 'invited')
    throw new AppError('NOT_FOUND', { message: 'No open invitation for this person' });
  if (seat.inviteSentAt && Date.now() - seat.inviteSentAt.getTime() < RESEND_AFTER_MS)
    throw new AppError('RATE_LIMITED', {
      message: 'The invitation was sent a few minutes ago; try again later',
      retryAfter: Math.ceil((RESEND_AFTER_MS - (Date.now() - seat.inviteSentAt.getTime())) / 1000),
    });
  await deps.db.$transaction((tx) => queueInviteMails(tx, { exchangeId: input.exchangeId, userIds: [input.userId] }));
  return { ok: true };
}

// ---- The mail ----

export async function sendInviteMail(
  deps: Pick<TAppDeps, 'db' | 'mailer' | 'config'>,
  payload: { exchangeId: string; userId: string; message: string | null; kind?: TInviteMailKind },
): Promise<void> {
  const [exchange, user] = await Promise.all([
    deps.db.exchange.findUnique({
      where: { id: payload.exchangeId },
      select: {
        ...CALENDAR_SELECT,
        themeId: true,
        signUpDate: true,
        budgetAmount: true,
        budgetCurrency: true,
        organizer: { select: { name: true, firstName: true, lastName: true } },
      },
    }),
    deps.db.user.findUnique({
      where: { id: payload.userId },
      select: { email: true, registeredEmail: true, name: true, firstName: true, deletedAt: true },
    }),
  ]);
  const seat = await findSeat(deps.db, payload.exchangeId, payload.userId);
  if (!exchange || !user?.email || user.deletedAt || !seat) return;
  const theme = exchangeTheme(exchange.themeId);
  const kind = payload.kind ?? 'invite';
  const returnUrl = `/gift-exchanges/${payload.exchangeId}/${kind === 'invite' ? 'rsvp/' : ''}`;
  // A floater has no password: the mailed link signs them in for this exchange only.
  const url = user.registeredEmail
    ? `${deps.config.publicUrl}${returnUrl}`
    : floaterLinkUrl(deps.config, { userId: payload.userId, scope: [`exchange:${payload.exchangeId}:*`], returnUrl });
  const organizer = displayName(exchange.organizer);
  const date = exchange.exchangeDate.toISOString().slice(0, 10);
  const lines = [
    `Hi ${user.firstName ?? user.name},`,
    kind === 'added'
      ? `${organizer} added you to "${exchange.title}". Names are already drawn: see who you give to.`
      : `${organizer} ${kind === 'confirmed' ? 'put you in' : 'invited you to'} "${exchange.title}", a gift exchange on ${date} with a budget of ${Number(exchange.budgetAmount)} ${exchange.budgetCurrency}. ${theme.tagline}`,
    kind === 'confirmed'
      ? 'You will get an e-mail when the names are drawn. Meanwhile, make a wish list so your Secret Santa knows what you like.'
      : kind === 'invite' && exchange.signUpDate
        ? `Please answer by ${exchange.signUpDate.toISOString().slice(0, 10)}.`
        : '',
    ...(payload.message ? [`${organizer} says: ${payload.message}`] : []),
  ].filter(Boolean);
  // An invitation is its own kind of mail: its unsubscribe puts the address on the suppression
  // list; a person without an account also gets that as a visible "don't send me invitations" link.
  const list = { kind: 'invitations' as const, email: user.email };
  const mail = exchangeMail({
    to: user.email,
    theme,
    subject: `${organizer} invited you to ${exchange.title}`,
    heading: `You're invited to ${exchange.title}`,
    lines,
    action: { label: kind === 'invite' ? 'Answer the invitation' : 'See the exchange', url },
    list,
    footerLinks: user.registeredEmail
      ? []
      : [{ label: "Don't send me invitations", url: unsubscribeUrl(deps.config, list) }],
  });
  // "You're in" (put in by the organizer, or added after the draw): the date goes to the calendar.
  if (kind !== 'invite') mail.attachments = [exchangeIcsAttachment(deps.config, exchange)];
  await deps.mailer.send(mail);
}
