/** The mailing address (one per member) and the address book used for inviting. */
import { randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import { pagingFor, type TPage, type TPagingQuery } from '../../contracts/paging';
import type { TAddressBookEntry, TMailingAddressOut } from '../../contracts/people';
import { isAddressComplete, type TMailingAddress } from '../../contracts/validation';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { assertCanManage, blockedEitherWay, pictureUrlOf, requireMember, summarize } from './access';

const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'postalCode', 'country'] as const;

function trimmed(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

function out(userId: string, row: TMailingAddress): TMailingAddressOut {
  const address = {
    address1: trimmed(row.address1),
    address2: trimmed(row.address2),
    city: trimmed(row.city),
    state: trimmed(row.state),
    postalCode: trimmed(row.postalCode),
    country: trimmed(row.country),
  };
  return { userId, ...address, isComplete: isAddressComplete(address) };
}

/**
 * The member's mailing address. "No address" answers 403, as spec §6 describes (the client treats
 * that 403 as "none yet", not as an error).
 */
export async function getMailingAddress(db: TDb, identity: TVerifiedIdentity | null, userId: string) {
  await assertCanManage(db, identity, userId, { floaters: true });
  const row = await db.mailingAddress.findUnique({ where: { userId } });
  const address = row ? out(userId, row) : null;
  const isEmpty = !address || ADDRESS_FIELDS.every((field) => address[field] === null);
  if (!address || isEmpty) {
    throw new AppError('FORBIDDEN', { message: 'No mailing address yet', details: { noAddress: true } });
  }
  return address;
}

export async function putMailingAddress(
  db: TDb,
  identity: TVerifiedIdentity | null,
  userId: string,
  input: TMailingAddress,
) {
  await assertCanManage(db, identity, userId, { floaters: true });
  const data = out(userId, input);
  const { isComplete: _derived, userId: _key, ...fields } = data;
  // Insert-or-update decided by the primary key (INSERT IGNORE, then an update when the row was
  // there): concurrent saves never fail on the key as Prisma's read-then-write upsert did.
  const { count } = await db.mailingAddress.createMany({ data: [{ userId, ...fields }], skipDuplicates: true });
  if (count === 0) await db.mailingAddress.update({ where: { userId }, data: fields });
  return data;
}

/**
 * The address book, for inviting: members the user follows or is followed by, fellow active members
 * of their groups and fellow participants of their gift exchanges where the exchange shows its
 * participants to them (child accounts left out: only
 * their managers add them), then the contacts they typed in. Members' e-mail addresses are never
 * shown.
 */
export async function listAddressBook(
  db: TDb,
  identity: TVerifiedIdentity | null,
  page: TPagingQuery,
): Promise<TPage<TAddressBookEntry>> {
  const caller = requireMember(identity);
  const hidden = await blockedEitherWay(db, caller.userId);
  const [following, followers, circles, contacts] = await Promise.all([
    db.follow.findMany({ where: { followerId: caller.userId }, select: { followedId: true } }),
    db.follow.findMany({ where: { followedId: caller.userId }, select: { followerId: true } }),
    db.$queryRaw<{ id: string }[]>`
      SELECT b.user_id AS id FROM group_members a
      JOIN \`groups\` g ON g.id = a.group_id AND g.deleted_at IS NULL
      JOIN group_members b ON b.group_id = a.group_id AND b.status = 'active'
      WHERE a.user_id = ${caller.userId} AND a.status = 'active'
      UNION
      SELECT b.user_id FROM exchange_participants a
      JOIN exchanges e ON e.id = a.exchange_id
        AND (e.participants_visible OR a.is_assistant OR e.organizer_id = ${caller.userId})
      JOIN exchange_participants b ON b.exchange_id = a.exchange_id AND b.status IN ('invited', 'accepted', 'organizing')
      WHERE a.user_id = ${caller.userId} AND a.status IN ('invited', 'accepted', 'organizing')`,
    db.addressBookContact.findMany({ where: { ownerId: caller.userId }, orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
  ]);
  const memberIds = [
    ...new Set([
      ...following.map((row) => row.followedId),
      ...followers.map((row) => row.followerId),
      ...circles.map((row) => row.id),
    ]),
  ].filter((id) => id !== caller.userId && !hidden.includes(id));
  const members = await db.user.findMany({
    where: { id: { in: memberIds }, deletedAt: null, parentAccounts: { none: {} } },
    select: { id: true, name: true, firstName: true, lastName: true, pictureKey: true, deletedAt: true },
  });
  const entries: TAddressBookEntry[] = [
    ...members
      .map((member) => ({
        kind: 'member' as const,
        id: member.id,
        name: summarize(member).displayName,
        email: null,
        pictureUrl: pictureUrlOf(member),
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
    ...contacts.map((contact) => ({
      kind: 'contact' as const,
      id: contact.id,
      name: contact.name,
      email: contact.email,
      pictureUrl: null,
    })),
  ];
  const items = page.limit === 0 ? [] : entries.slice(page.offset, page.offset + page.limit);
  return { items, paging: pagingFor(page, items.length, entries.length) };
}

/**
 * Adds a contact, or renames the one with that e-mail. Decided by the unique (owner, e-mail) index:
 * an INSERT IGNORE lets one row in, an existing row is renamed, and every caller answers the row
 * (concurrent adds failed on the index as Prisma's read-then-write upsert).
 */
export async function addContact(db: TDb, identity: TVerifiedIdentity | null, input: { name: string; email: string }) {
  const caller = requireMember(identity);
  const key = { ownerId_email: { ownerId: caller.userId, email: input.email } };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { count } = await db.addressBookContact.createMany({
      data: [{ id: randomUUID(), ownerId: caller.userId, name: input.name, email: input.email }],
      skipDuplicates: true,
    });
    if (count === 0) await db.addressBookContact.updateMany({ where: key.ownerId_email, data: { name: input.name } });
    const row = await db.addressBookContact.findUnique({ where: key });
    // Removed between the two statements: add it again.
    if (row) return { kind: 'contact' as const, id: row.id, name: row.name, email: row.email, pictureUrl: null };
  }
  throw new AppError('CONFLICT', { message: 'The address book changed meanwhile; try again' });
}

export async function removeContact(db: TDb, identity: TVerifiedIdentity | null, contactId: string): Promise<void> {
  const caller = requireMember(identity);
  const { count } = await db.addressBookContact.deleteMany({ where: { id: contactId, ownerId: caller.userId } });
  if (count === 0) throw new AppError('NOT_FOUND');
}
