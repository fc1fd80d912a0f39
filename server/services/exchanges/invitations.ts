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
import { displayName } from '../../contracts/identity';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJobs } from '../../jobs/queue';
import { exchangeMail } from '../../mail/templates';
import { blockedEitherWay } from '../people/access';
import { findSeat, manageExchange, requireOpen, type TExchangeAccess } from './access';
import { recordEvent } from './events';

export const INVITE_MAIL_JOB = 'exchanges:invite-mail';
/** How long before an invitation may be mailed again to the same person. */
const RESEND_AFTER_MS = 10 * 60_000;
export const TX_OPTIONS = { maxWait: 30_000, timeout: 60_000 } as const;

type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];
type TRawRow = { row: number; name: string | null | undefined; email: string };

/** The account an e-mail belongs to: the registered member, else a floater (made when missing). */
async function personFor(tx: TTx, email: string, name: string | null): Promise<string> {
  const registered = await tx.user.findFirst({
    where: { registeredEmail: email, deletedAt: null },
    select: { id: true },
  });
  if (registered) return registered.id;
  const floater = await tx.user.findFirst({
    where: {
      email,
      registeredEmail: null,
      deletedAt: null,
      credential: { is: null },
      externalIdentities: { none: {} },
    },
    orderBy: { createdAt: 'asc' },
    select: { id: true },
  });
  if (floater) return floater.id;
  const id = randomUUID();
  const [first, ...rest] = (name ?? '').split(/\s+/).filter(Boolean);
  await tx.user.create({
    data: {
      id,
      email,
      name: (name ?? email.split('@')[0] ?? email).slice(0, 100),
      firstName: first?.slice(0, 50) ?? null,
      lastName: rest.join(' ').slice(0, 50) || null,
    },
  });
  return id;
}

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

/**
 * Adds people to an exchange inside the caller's transaction. Returns each row's result and the
 * ids newly invited (whose mails the caller queues).
 */
export async function addInvitees(
  tx: TTx,
  input: { exchangeId: string; invitedById: string; rows: TRawRow[]; status?: 'invited' | 'accepted' },
): Promise<{ results: TInviteResult[]; invitedIds: string[] }> {
  const results: TInviteResult[] = [];
  const invitedIds: string[] = [];
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
    if (seen.has(email)) {
      results.push({ row: raw.row, name, email, status: 'duplicate', message: 'Listed more than once', userId: null });
      continue;
    }
    seen.add(email);
    const userId = await personFor(tx, email, parsed.data.name ?? null);
    const existing = await findSeat(tx, input.exchangeId, userId);
    if (existing) {
      results.push({ row: raw.row, name, email, ...statusResult(existing.status), userId });
      continue;
    }
    await tx.exchangeParticipant.create({
      data: {
        exchangeId: input.exchangeId,
        userId,
        status: input.status ?? 'invited',
        invitedById: input.invitedById,
        respondedAt: input.status === 'accepted' ? new Date() : null,
      },
    });
    invitedIds.push(userId);
    results.push({ row: raw.row, name, email, status: 'invited', message: 'Invited', userId });
  }
  return { results, invitedIds };
}

/** Queues one invitation mail per person (inside the caller's transaction). */
export async function queueInviteMails(
  tx: TTx,
  input: { exchangeId: string; userIds: string[]; message?: string | null; kind?: 'invite' | 'added' },
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
  await tx.exchangeParticipant.updateMany({
    where: { exchangeId: input.exchangeId, userId: { in: input.userIds } },
    data: { inviteSentAt: new Date() },
  });
}

async function inviteRows(
  deps: Pick<TAppDeps, 'db'>,
  access: TExchangeAccess,
  rows: TRawRow[],
  message: string | null | undefined,
): Promise<{ invited: number; results: TInviteResult[] }> {
  requireOpen(access, 'Invitations close once the names are drawn');
  const { results, invitedIds } = await deps.db.$transaction(async (tx) => {
    if ((await lockExchange(tx, access.exchange.id)) !== 'open')
      throw new AppError('CONFLICT', { message: 'Invitations close once the names are drawn' });
    const outcome = await addInvitees(tx, { exchangeId: access.exchange.id, invitedById: access.caller.userId, rows });
    await queueInviteMails(tx, { exchangeId: access.exchange.id, userIds: outcome.invitedIds, message });
    if (outcome.invitedIds.length > 0)
      await recordEvent(tx, {
        exchangeId: access.exchange.id,
        actorId: access.caller.userId,
        kind: 'invited',
        details: { count: outcome.invitedIds.length },
      });
    return outcome;
  }, TX_OPTIONS);
  return { invited: invitedIds.length, results };
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
  requireOpen(access, 'Invitations close once the names are drawn');
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
    if ((await lockExchange(tx, access.exchange.id)) !== 'open')
      throw new AppError('CONFLICT', { message: 'Invitations close once the names are drawn' });
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
  requireOpen(access, 'Invitations close once the names are drawn');
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
  payload: { exchangeId: string; userId: string; message: string | null; kind?: 'invite' | 'added' },
): Promise<void> {
  const [exchange, user] = await Promise.all([
    deps.db.exchange.findUnique({
      where: { id: payload.exchangeId },
      select: {
        title: true,
        themeId: true,
        exchangeDate: true,
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
  const returnUrl = `/gift-exchanges/${payload.exchangeId}/${payload.kind === 'added' ? '' : 'rsvp/'}`;
  // A floater has no password: the mailed link signs them in for this exchange only.
  const url = user.registeredEmail
    ? `${deps.config.publicUrl}${returnUrl}`
    : floaterLinkUrl(deps.config, { userId: payload.userId, scope: [`exchange:${payload.exchangeId}:*`], returnUrl });
  const organizer = displayName(exchange.organizer);
  const date = exchange.exchangeDate.toISOString().slice(0, 10);
  const lines = [
    `Hi ${user.firstName ?? user.name},`,
    payload.kind === 'added'
      ? `${organizer} added you to "${exchange.title}". Names are already drawn: see who you give to.`
      : `${organizer} invited you to "${exchange.title}", a gift exchange on ${date} with a budget of ${Number(exchange.budgetAmount)} ${exchange.budgetCurrency}. ${theme.tagline}`,
    ...(exchange.signUpDate ? [`Please answer by ${exchange.signUpDate.toISOString().slice(0, 10)}.`] : []),
    ...(payload.message ? [`${organizer} says: ${payload.message}`] : []),
  ];
  await deps.mailer.send(
    exchangeMail({
      to: user.email,
      theme,
      subject: `${organizer} invited you to ${exchange.title}`,
      heading: `You're invited to ${exchange.title}`,
      lines,
      action: { label: payload.kind === 'added' ? 'See the exchange' : 'Answer the invitation', url },
    }),
  );
}
