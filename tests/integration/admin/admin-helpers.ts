/**
 * Shared pieces of the admin integration tests: staff and members with a real sign-in and a typed
 * caller, the HTTP status and message of a failed call, and exchanges written straight to the
 * database (drawn as one loop, so a test knows every pairing).
 */
import { randomUUID } from 'node:crypto';
import { ROLES } from '../../../server/contracts/roles';
import { toAppError } from '../../../server/trpc/init';
import { createMember, identityFor } from '../../factories/identities';
import { member as socialMember, type TPerson } from '../social/social-helpers';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { testDeps } from '../../helpers/server';

export const deps = testDeps();

export type { TPerson };

/** A registered member (private, as members are by default) with a real sign-in and a typed caller. */
export function member(firstName = 'Member'): Promise<TPerson> {
  return socialMember({ firstName });
}

export type TStaffRole = 'analyst' | 'admin' | 'lead';
const STAFF_ROLES: Record<TStaffRole, string> = {
  analyst: ROLES.supportAnalyst,
  admin: ROLES.supportAdmin,
  lead: ROLES.supportLead,
};

export async function staff(role: TStaffRole): Promise<TPerson> {
  const created = await createMember(testDb(), { firstName: `Staff ${role}`, roles: [STAFF_ROLES[role]] });
  const identity = await identityFor(deps, created.id);
  return { id: created.id, email: created.email, identity, caller: callerFor(identity, deps) };
}

/** The HTTP status and message a call ends with (200 and '' when it succeeds). */
export async function outcomeOf(
  promise: Promise<unknown>,
): Promise<{ status: number; message: string; fieldErrors: Record<string, string> }> {
  try {
    await promise;
    return { status: 200, message: '', fieldErrors: {} };
  } catch (error) {
    const appError = toAppError(error);
    return { status: appError.httpStatus, message: appError.message, fieldErrors: appError.fieldErrors ?? {} };
  }
}

export const REASON = 'Ticket 4242: the member asked us to';
export const unique = (): string => randomUUID().slice(0, 8);
const inDays = (days: number): Date => new Date(Date.now() + days * 86_400_000);

/**
 * An exchange organized by `organizerId` with `people` accepted; when `drawn`, person i gives to
 * person i+1 (one loop). Answers the exchange id and the pairs.
 */
export async function exchangeOf(
  organizerId: string,
  people: string[],
  options: { drawn?: boolean; title?: string } = {},
): Promise<{ exchangeId: string; pairs: Map<string, string> }> {
  const db = testDb();
  const exchangeId = randomUUID();
  await db.exchange.create({
    data: {
      id: exchangeId,
      organizerId,
      title: options.title ?? `Swap ${unique()}`,
      exchangeDate: inDays(30),
      joinCode: randomUUID().replaceAll('-', ''),
      status: options.drawn ? 'drawn' : 'open',
      drawnAt: options.drawn ? new Date() : null,
      organizerParticipates: people.includes(organizerId),
    },
  });
  await db.exchangeParticipant.createMany({
    data: people.map((userId) => ({ exchangeId, userId, status: 'accepted', respondedAt: new Date() })),
  });
  if (!people.includes(organizerId))
    await db.exchangeParticipant.create({ data: { exchangeId, userId: organizerId, status: 'organizing' } });
  const pairs = new Map<string, string>();
  if (options.drawn) {
    people.forEach((giverId, index) => pairs.set(giverId, people[(index + 1) % people.length]!));
    await db.exchangeAssignment.createMany({
      data: [...pairs].map(([giverId, receiverId]) => ({ exchangeId, giverId, receiverId })),
    });
  }
  return { exchangeId, pairs };
}
