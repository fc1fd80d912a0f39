/**
 * People without e-mail (issue 31): the organizer adds a person by name only (an account with no
 * address, in the draw at once, like a child the manager answers for) and shares a private link.
 * Opening it signs that person in for this exchange (a floater session, like a mailed invitation),
 * so they see their recipient after the draw, write to their Secret Santa and their recipient, and
 * keep a wish list, through the same screens and procedures as everyone else.
 *
 * The organizer holds the link before the person does, so a peek must be noticed
 * (docs/secrecy.md, "People without e-mail"):
 * - a link works on the first browser that opens it only (a device secret in an httpOnly cookie;
 *   its SHA-256 here); any other browser is refused and may ask the organizer for a new link;
 * - a new link replaces the old one, which stops working at once (its sign-ins end too);
 * - the person is shown every earlier link that had been opened before it was replaced
 *   (`getMyPersonLink`), so a link the organizer opened and then replaced does not go unseen;
 * - the organizer sees when a link was opened and whether a new one was asked for: nothing of
 *   the draw.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { revokeAllFamilies } from '../../auth/sessions';
import type { TVerifiedIdentity } from '../../auth/tokens';
import { deriveAuthFlags, displayName } from '../../contracts/identity';
import {
  PERSON_LINK_PATH,
  type TMyPersonLink,
  type TPersonLinkState,
  type TPersonLinkView,
} from '../../contracts/person-links';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { createNotification, publishNotifications } from '../notifications/notify';
import { accessExchange, manageExchange, requireOpen } from './access';
import { recordEvent } from './events';
import { lockExchange, TX_OPTIONS } from './invitations';

type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

/** The scope of a link's sign-in: this exchange only (as a mailed invitation's). */
export const personLinkScope = (exchangeId: string): string[] => [`exchange:${exchangeId}:*`];

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
const newToken = (): string => randomBytes(32).toString('base64url');

export function personLinkUrl(config: Pick<TAppDeps['config'], 'publicUrl'>, token: string): string {
  return `${config.publicUrl}${PERSON_LINK_PATH}?token=${token}`;
}

const LINK_SELECT = {
  id: true,
  exchangeId: true,
  userId: true,
  token: true,
  deviceHash: true,
  openedAt: true,
  newLinkRequestedAt: true,
  replacedAt: true,
  createdAt: true,
} as const;

async function createLink(tx: TTx, input: { exchangeId: string; userId: string; createdById: string }) {
  return tx.exchangePersonLink.create({
    data: { id: randomUUID(), token: newToken(), ...input },
    select: LINK_SELECT,
  });
}

/** Managers read links; the read itself needs no open exchange (an archived one is still listed). */
async function requireManagerRead(deps: Pick<TAppDeps, 'db'>, identity: TVerifiedIdentity | null, exchangeId: string) {
  const access = await accessExchange(deps.db, identity, exchangeId);
  if (!access.isManager || !deriveAuthFlags(access.caller).isAuthenticated) throw new AppError('FORBIDDEN');
  return access;
}

// ---- The organizer's side ----------------------------------------------------------------------

/** Adds a person by name only: an account without an address, in the draw at once, with a link. */
export async function addNamedPerson(
  deps: Pick<TAppDeps, 'db' | 'config'>,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; name: string },
): Promise<TPersonLinkView> {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  requireOpen(access, 'People can only be added before the names are drawn');
  const [first, ...rest] = input.name.split(/\s+/).filter(Boolean);
  const userId = randomUUID();
  await deps.db.$transaction(async (tx) => {
    if ((await lockExchange(tx, input.exchangeId)) !== 'open')
      throw new AppError('CONFLICT', { message: 'People can only be added before the names are drawn' });
    await tx.user.create({
      data: {
        id: userId,
        name: input.name,
        firstName: first?.slice(0, 50) ?? null,
        lastName: rest.join(' ').slice(0, 50) || null,
        // Every account has its settings row (a floater's too).
        settings: { create: { emailGuid: randomUUID() } },
      },
    });
    await tx.exchangeParticipant.create({
      data: {
        exchangeId: input.exchangeId,
        userId,
        // The organizer speaks for them, as for a child: in the draw without answering.
        status: 'accepted',
        respondedAt: new Date(),
        invitedById: access.caller.userId,
      },
    });
    await createLink(tx, { exchangeId: input.exchangeId, userId, createdById: access.caller.userId });
    await recordEvent(tx, {
      exchangeId: input.exchangeId,
      actorId: access.caller.userId,
      kind: 'invited',
      details: { count: 1 },
    });
  }, TX_OPTIONS);
  const views = await personLinkViews(deps, input.exchangeId, [userId]);
  return views[0]!;
}

async function personLinkViews(
  deps: Pick<TAppDeps, 'db' | 'config'>,
  exchangeId: string,
  userIds?: string[],
): Promise<TPersonLinkView[]> {
  const links = await deps.db.exchangePersonLink.findMany({
    where: { exchangeId, ...(userIds ? { userId: { in: userIds } } : {}) },
    orderBy: { createdAt: 'asc' },
    select: { ...LINK_SELECT, seat: { select: { user: { select: { name: true, firstName: true, lastName: true } } } } },
  });
  const byUser = new Map<string, typeof links>();
  for (const link of links) byUser.set(link.userId, [...(byUser.get(link.userId) ?? []), link]);
  const views: TPersonLinkView[] = [];
  for (const [userId, rows] of byUser) {
    const current = rows.find((row) => row.replacedAt === null);
    if (!current) continue;
    views.push({
      userId,
      name: displayName(current.seat.user),
      url: personLinkUrl(deps.config, current.token),
      issuedAt: current.createdAt.toISOString(),
      openedAt: current.openedAt?.toISOString() ?? null,
      newLinkRequestedAt: current.newLinkRequestedAt?.toISOString() ?? null,
      replacedCount: rows.length - 1,
    });
  }
  return views.sort((a, b) => a.name.localeCompare(b.name));
}

/** The people of an exchange who take part through a link, with their links (managers only). */
export async function listPersonLinks(
  deps: Pick<TAppDeps, 'db' | 'config'>,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
): Promise<TPersonLinkView[]> {
  await requireManagerRead(deps, identity, exchangeId);
  return personLinkViews(deps, exchangeId);
}

/**
 * A new link for a person: the old one stops working (and every sign-in made through it ends); the
 * person will be shown that the old link had been opened, if it had.
 */
export async function reissuePersonLink(
  deps: Pick<TAppDeps, 'db' | 'config' | 'cache'>,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; userId: string },
): Promise<TPersonLinkView> {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  await deps.db.$transaction(async (tx) => {
    // The current link row, locked: two re-issues at once make one new link after the other.
    const current = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM exchange_person_links
      WHERE exchange_id = ${input.exchangeId} AND user_id = ${input.userId} AND replaced_at IS NULL
      FOR UPDATE`;
    if (current.length === 0) throw new AppError('NOT_FOUND', { message: 'This person has no private link' });
    await tx.exchangePersonLink.updateMany({
      where: { id: { in: current.map((row) => row.id) } },
      data: { replacedAt: new Date() },
    });
    await createLink(tx, { exchangeId: input.exchangeId, userId: input.userId, createdById: access.caller.userId });
  }, TX_OPTIONS);
  // The browser that held the old link is signed out (its access tokens stop at the next request).
  await revokeAllFamilies(deps, input.userId, 'person-link-replaced');
  const views = await personLinkViews(deps, input.exchangeId, [input.userId]);
  return views[0]!;
}

// ---- The link's side ---------------------------------------------------------------------------

export type TOpenOutcome =
  | { outcome: 'signed-in'; userId: string; exchangeId: string; linkId: string; deviceSecret: string | null }
  | { outcome: 'refused'; state: TPersonLinkState['state'] };

function sameSecret(secret: string | null | undefined, hash: string): boolean {
  if (!secret) return false;
  const a = Buffer.from(sha256(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Opens a link from a browser: the first browser binds it (a fresh device secret, returned for the
 * cookie) and every later visit must present that secret. Two browsers opening at once: the
 * database decides (only one conditional update succeeds).
 */
export async function openPersonLink(
  deps: Pick<TAppDeps, 'db'>,
  input: { token: string; deviceSecret: (linkId: string) => string | undefined },
): Promise<TOpenOutcome> {
  const link = await deps.db.exchangePersonLink.findUnique({
    where: { token: input.token },
    select: { ...LINK_SELECT, seat: { select: { status: true, user: { select: { deletedAt: true } } } } },
  });
  if (!link || link.seat.user.deletedAt) return { outcome: 'refused', state: 'unknown' };
  if (link.replacedAt) return { outcome: 'refused', state: 'replaced' };
  const signedIn = (deviceSecret: string | null): TOpenOutcome => ({
    outcome: 'signed-in',
    userId: link.userId,
    exchangeId: link.exchangeId,
    linkId: link.id,
    deviceSecret,
  });
  if (link.deviceHash) {
    return sameSecret(input.deviceSecret(link.id), link.deviceHash)
      ? signedIn(null)
      : { outcome: 'refused', state: 'opened-elsewhere' };
  }
  const secret = randomBytes(32).toString('base64url');
  const bound = await deps.db.exchangePersonLink.updateMany({
    where: { id: link.id, deviceHash: null, replacedAt: null },
    data: { deviceHash: sha256(secret), openedAt: new Date() },
  });
  if (bound.count === 1) return signedIn(secret);
  // Another browser bound it (or it was replaced) in the meantime.
  const now = await deps.db.exchangePersonLink.findUnique({ where: { id: link.id }, select: { replacedAt: true } });
  return { outcome: 'refused', state: now?.replacedAt ? 'replaced' : 'opened-elsewhere' };
}

async function linkByToken(db: TDb, token: string) {
  return db.exchangePersonLink.findUnique({
    where: { token },
    select: {
      ...LINK_SELECT,
      seat: {
        select: {
          user: { select: { name: true, firstName: true, lastName: true, deletedAt: true } },
          exchange: {
            select: {
              id: true,
              title: true,
              organizerId: true,
              organizer: { select: { name: true, firstName: true, lastName: true } },
            },
          },
        },
      },
    },
  });
}

/** What a link's screen shows to whoever holds the link (they hold it: the names are theirs to see). */
export async function getPersonLinkState(deps: Pick<TAppDeps, 'db'>, token: string): Promise<TPersonLinkState> {
  const link = await linkByToken(deps.db, token);
  if (!link || link.seat.user.deletedAt)
    return { state: 'unknown', exchangeTitle: null, personName: null, organizerName: null, newLinkRequestedAt: null };
  return {
    state: link.replacedAt ? 'replaced' : link.deviceHash ? 'opened-elsewhere' : 'not-opened',
    exchangeTitle: link.seat.exchange.title,
    personName: displayName(link.seat.user),
    organizerName: displayName(link.seat.exchange.organizer),
    newLinkRequestedAt: link.newLinkRequestedAt?.toISOString() ?? null,
  };
}

/**
 * "Ask for a new link" from a browser the link refuses: marks the link (once) and tells the
 * organizer. Only an opened, current link can be asked about (an unopened one just works).
 */
export async function requestNewPersonLink(
  deps: Pick<TAppDeps, 'db' | 'bus' | 'log'>,
  token: string,
): Promise<{ ok: true; newLinkRequestedAt: string }> {
  const link = await linkByToken(deps.db, token);
  if (!link || link.seat.user.deletedAt) throw new AppError('NOT_FOUND', { message: 'This link is not valid' });
  if (link.replacedAt)
    throw new AppError('CONFLICT', { message: 'This link was replaced by a new one: ask the organizer for it' });
  if (!link.deviceHash) throw new AppError('CONFLICT', { message: 'This link has not been opened yet: open it' });
  if (link.newLinkRequestedAt) return { ok: true, newLinkRequestedAt: link.newLinkRequestedAt.toISOString() };
  const at = new Date();
  const notice = await deps.db.$transaction(async (tx) => {
    const marked = await tx.exchangePersonLink.updateMany({
      where: { id: link.id, newLinkRequestedAt: null },
      data: { newLinkRequestedAt: at },
    });
    if (marked.count === 0) return null;
    return createNotification(tx, {
      userId: link.seat.exchange.organizerId,
      kind: 'exchange',
      payload: { exchangeId: link.exchangeId, event: 'person-link-request', userId: link.userId },
    });
  });
  if (notice) await publishNotifications(deps, [{ userId: link.seat.exchange.organizerId, notificationId: notice }]);
  return { ok: true, newLinkRequestedAt: at.toISOString() };
}

/** The signed-in person's own link history here: the earlier links opened before they were replaced. */
export async function getMyPersonLink(
  deps: Pick<TAppDeps, 'db'>,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
): Promise<TMyPersonLink> {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const links = await deps.db.exchangePersonLink.findMany({
    where: { exchangeId, userId: access.caller.userId },
    orderBy: { createdAt: 'desc' },
    select: { openedAt: true, replacedAt: true },
  });
  const replaced = links.filter((link) => link.replacedAt !== null);
  return {
    byLink: links.length > 0,
    replacedAfterOpening: replaced
      .filter((link) => link.openedAt !== null && link.openedAt <= link.replacedAt!)
      .map((link) => ({ openedAt: link.openedAt!.toISOString(), replacedAt: link.replacedAt!.toISOString() })),
    replacedUnopened: replaced.filter((link) => link.openedAt === null).length,
  };
}
