/**
 * Managing a group's people: the member lists by state, approving and declining requests, removing
 * and restoring, assistants, invitations (members by id, anyone by e-mail), and family managers
 * adding their child accounts.
 */
import { deliveryProblems, problemOf, type TDeliveryProblem } from '../../mail/deliverability';
import { unsubscribeUrl } from '../../mail/unsubscribe';
import { randomBytes, randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import { pagingFor, type TPagingQuery } from '../../contracts/paging';
import type { TPersonSummary } from '../../contracts/people';
import type { TGroupInviteRow, TGroupMember, TGroupMemberStatus, TGroupRole } from '../../contracts/social';
import { canonicalEmail } from '../../contracts/email-identity';
import { normalizeEmail, ZEmail } from '../../contracts/validation';
import type { TDb } from '../../db/client';
import { Prisma } from '../../generated/prisma/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJob } from '../../jobs/queue';
import { socialMail } from '../../mail/templates';
import { displayName } from '../../contracts/identity';
import { retryOnDeadlock } from '../../db/retry';
import { leaveGroupConversation } from '../messages/membership';
import { createNotification, publishNotifications } from '../notifications/notify';
import { publishNotificationsChanged, settleJoinRequestNotices } from '../notifications/settle-join-requests';
import { manageNotificationsUrl } from '../people/settings';
import { assertCanManage, blockedEitherWay, PERSON_SELECT, summarize } from '../people/access';
import {
  flagsOf,
  groupAccess,
  mayInvite,
  MEMBERSHIP_SELECT,
  memberStatusNow,
  moveMember,
  requireActive,
  requireInside,
  requireInviter,
  requireManager,
} from './access';
import { activateMembers, askToJoin } from './groups';

type TDeps = Pick<TAppDeps, 'db' | 'bus' | 'log'>;

export const GROUP_INVITE_MAIL_JOB = 'groups:invite-mail';

export async function listMembers(
  db: TDb,
  viewer: TVerifiedIdentity,
  query: TPagingQuery & { groupId: string; status: Exclude<TGroupMemberStatus, 'left'> },
) {
  if (query.status === 'active') await requireInside(db, viewer, query.groupId);
  else await requireManager(db, viewer, query.groupId);
  // People who blocked the viewer are not shown to them; people the viewer blocked still are: a
  // manager must see every request, removal and invitation the counts speak of, to decide on it.
  const blockers = await db.block.findMany({ where: { blockedId: viewer.userId }, select: { blockerId: true } });
  const hidden = blockers.map((row) => row.blockerId);
  const where = { groupId: query.groupId, status: query.status, userId: { notIn: hidden } };
  const notHidden = hidden.length > 0 ? Prisma.sql`AND m.user_id NOT IN (${Prisma.join(hidden)})` : Prisma.empty;
  // Owner first, then assistants, then members, each by name: the page is cut in the database in
  // that order (a role sort by text would put assistants after members), then read in one query.
  const [total, page] = await Promise.all([
    db.groupMember.count({ where }),
    db.$queryRaw<{ user_id: string }[]>`
      SELECT m.user_id FROM group_members m JOIN users u ON u.id = m.user_id
      WHERE m.group_id = ${query.groupId} AND m.status = ${query.status} ${notHidden}
      ORDER BY FIELD(m.role, 'owner', 'assistant', 'member'), u.name, m.user_id
      LIMIT ${query.limit} OFFSET ${query.offset}`,
  ]);
  const rows = await db.groupMember.findMany({
    where: { groupId: query.groupId, userId: { in: page.map((row) => row.user_id) } },
    select: { ...MEMBERSHIP_SELECT, userId: true, updatedAt: true, user: { select: PERSON_SELECT } },
  });
  const byId = new Map(rows.map((row) => [row.userId, row]));
  const items: TGroupMember[] = page
    .map((entry) => byId.get(entry.user_id))
    .filter((row) => row !== undefined)
    .map((row) => ({
      person: summarize(row.user),
      status: row.status as TGroupMemberStatus,
      role: row.role as TGroupRole,
      flags: flagsOf(row),
      since: row.updatedAt.toISOString(),
    }));
  return { items, paging: pagingFor(query, items.length, total) };
}

async function statusOf(db: TDb, groupId: string, userId: string): Promise<string | null> {
  const row = await db.groupMember.findUnique({
    where: { groupId_userId: { groupId, userId } },
    select: { status: true },
  });
  return row?.status ?? null;
}

async function targetOf(db: TDb, groupId: string, userId: string) {
  const row = await db.groupMember.findUnique({
    where: { groupId_userId: { groupId, userId } },
    select: { status: true, role: true },
  });
  if (!row) throw new AppError('NOT_FOUND', { message: 'This person is not in the group' });
  return row;
}

async function tell(deps: TDeps, userIds: readonly string[], payload: Record<string, unknown>): Promise<void> {
  const notices: { userId: string; notificationId: string }[] = [];
  for (const userId of userIds) {
    notices.push({ userId, notificationId: await createNotification(deps.db, { userId, kind: 'group', payload }) });
  }
  await publishNotifications(deps, notices);
}

/**
 * Approving a request changes that request only (a conditional UPDATE from 'pending'): one
 * cancelled or declined meanwhile stays gone, and of two managers approving at once one approves
 * and the other hears 409. A deadlock victim runs again and then finds the winner's work.
 */
export async function approveMember(
  deps: TDeps,
  viewer: TVerifiedIdentity,
  input: { groupId: string; userId: string },
) {
  const { group } = await requireManager(deps.db, viewer, input.groupId);
  const conflict = () => new AppError('CONFLICT', { message: 'There is no request to approve' });
  // No place at all (the request was cancelled or declined a moment ago) is no request either.
  if ((await statusOf(deps.db, input.groupId, input.userId)) !== 'pending') throw conflict();
  let answered: string[] = [];
  const activated = await retryOnDeadlock(() =>
    deps.db.$transaction(async (tx) => {
      const moved = await activateMembers(tx, {
        group,
        userIds: [input.userId],
        decidedById: viewer.userId,
        from: ['pending'],
        create: false,
      });
      // The managers' "asked to join" notices are answered with the request.
      answered = moved.length > 0 ? await settleJoinRequestNotices(tx, group.id, input.userId) : [];
      return moved;
    }),
  );
  if (activated.length === 0) throw conflict();
  await publishNotificationsChanged(deps, answered);
  await tell(deps, activated, { groupId: group.id, groupName: group.name, event: 'approved' });
  return { ok: true as const };
}

export async function declineMember(
  deps: TDeps,
  viewer: TVerifiedIdentity,
  input: { groupId: string; userId: string },
) {
  const { db } = deps;
  await requireManager(db, viewer, input.groupId);
  const answered = await db.$transaction(async (tx) => {
    const deleted = await tx.groupMember.deleteMany({
      where: { groupId: input.groupId, userId: input.userId, status: { in: ['pending', 'invited'] } },
    });
    if (deleted.count === 0) throw new AppError('CONFLICT', { message: 'There is no request to decline' });
    // The managers' "asked to join" notices are answered with the request.
    return settleJoinRequestNotices(tx, input.groupId, input.userId);
  });
  await publishNotificationsChanged(deps, answered);
  return { ok: true as const };
}

/** Removing: never the owner; assistants remove members only. The person is listed as removed. */
export async function removeMember(db: TDb, viewer: TVerifiedIdentity, input: { groupId: string; userId: string }) {
  const access = await requireManager(db, viewer, input.groupId);
  const target = await targetOf(db, input.groupId, input.userId);
  if (target.role === 'owner') throw new AppError('FORBIDDEN', { message: 'The owner can’t be removed' });
  if (target.role === 'assistant' && !access.isOwner)
    throw new AppError('FORBIDDEN', { message: 'Only the owner can remove an assistant' });
  if (target.status === 'removed') return { ok: true as const };
  // Conditional on the place still being what was checked: a concurrent change answers 409.
  const removed = await retryOnDeadlock(() =>
    db.$transaction(async (tx) => {
      const changed = await tx.groupMember.updateMany({
        where: {
          groupId: input.groupId,
          userId: input.userId,
          status: target.status,
          role: access.isOwner ? { not: 'owner' } : 'member',
        },
        data: { status: 'removed', role: 'member', decidedById: viewer.userId },
      });
      if (changed.count > 0) await leaveGroupConversation(tx, input.groupId, [input.userId]);
      return changed.count;
    }),
  );
  if (removed === 0) throw new AppError('CONFLICT', { message: 'This person’s place in the group just changed' });
  return { ok: true as const };
}

export async function restoreMember(
  deps: TDeps,
  viewer: TVerifiedIdentity,
  input: { groupId: string; userId: string },
) {
  const { group } = await requireManager(deps.db, viewer, input.groupId);
  const target = await targetOf(deps.db, input.groupId, input.userId);
  if (target.status !== 'removed') throw new AppError('CONFLICT', { message: 'This person was not removed' });
  // Only the removed place moves (never a new row); two restores at once: one restores, one hears 409.
  const activated = await retryOnDeadlock(() =>
    deps.db.$transaction((tx) =>
      activateMembers(tx, {
        group,
        userIds: [input.userId],
        decidedById: viewer.userId,
        from: ['removed'],
        create: false,
      }),
    ),
  );
  if (activated.length === 0) throw new AppError('CONFLICT', { message: 'This person was not removed' });
  return { ok: true as const };
}

export async function setAssistant(
  db: TDb,
  viewer: TVerifiedIdentity,
  input: { groupId: string; userId: string; isAssistant: boolean },
) {
  const access = await requireManager(db, viewer, input.groupId);
  if (!access.isOwner) throw new AppError('FORBIDDEN', { message: 'Only the owner can choose assistants' });
  const target = await targetOf(db, input.groupId, input.userId);
  if (target.role === 'owner') throw new AppError('BAD_REQUEST', { message: 'The owner manages the group already' });
  if (target.status !== 'active') throw new AppError('CONFLICT', { message: 'Only members can be assistants' });
  const changed = await db.groupMember.updateMany({
    where: { groupId: input.groupId, userId: input.userId, status: 'active', role: { not: 'owner' } },
    data: { role: input.isAssistant ? 'assistant' : 'member' },
  });
  if (changed.count === 0) throw new AppError('CONFLICT', { message: 'Only members can be assistants' });
  return { ok: true as const };
}

const RESULT_MESSAGES = {
  invited: 'Invited',
  'already-invited': 'Already invited',
  'already-member': 'Already a member',
  blocked: 'This person can’t be invited',
  invalid: 'Value is not a valid email address',
} as const;

function row(key: string, result: keyof typeof RESULT_MESSAGES, message?: string): TGroupInviteRow {
  return { key, result, message: message ?? RESULT_MESSAGES[result] };
}

/**
 * Inviting members by id: each gets an invitation to accept (and a notice and an e-mail); nobody
 * becomes a member until they accept. The places are changed in id order (two inviters of the
 * same people lock their rows in the same order) and decided by the database: of two managers
 * inviting someone who left at once, one invites (one mail) and the other answers 'already
 * invited'. A deadlock victim runs again and then finds the winner's work.
 */
export async function inviteMembers(
  deps: TDeps,
  viewer: TVerifiedIdentity,
  input: { groupId: string; userIds: string[] },
): Promise<{ rows: TGroupInviteRow[] }> {
  const { db } = deps;
  const { group } = await requireInviter(db, viewer, input.groupId);
  const blocked = new Set(await blockedEitherWay(db, viewer.userId));
  const ids = [...new Set(input.userIds)];
  const [people, existing] = await Promise.all([
    db.user.findMany({ where: { id: { in: ids }, deletedAt: null }, select: { id: true } }),
    db.groupMember.findMany({
      where: { groupId: group.id, userId: { in: ids } },
      select: { userId: true, status: true },
    }),
  ]);
  const live = new Set(people.map((person) => person.id));
  const statusOfId = new Map(existing.map((member) => [member.userId, member.status]));
  const settledRow = (userId: string, status: string | null | undefined): TGroupInviteRow | null => {
    if (status === 'active') return row(userId, 'already-member');
    if (status === 'invited' || status === 'pending') return row(userId, 'already-invited');
    if (status === 'removed') return row(userId, 'blocked', 'A manager removed this person; restore them instead');
    return null;
  };
  const outcomes = new Map<string, TGroupInviteRow>();
  for (const userId of ids) {
    if (!live.has(userId)) outcomes.set(userId, row(userId, 'invalid', 'No such member'));
    else if (blocked.has(userId)) outcomes.set(userId, row(userId, 'blocked'));
    else {
      const known = settledRow(userId, statusOfId.get(userId));
      if (known) outcomes.set(userId, known);
    }
  }
  const toInvite = ids.filter((userId) => !outcomes.has(userId)).sort();
  let invited: string[] = [];
  if (toInvite.length > 0) {
    const decided = await retryOnDeadlock(() =>
      db.$transaction(async (tx) => {
        const rows = new Map<string, TGroupInviteRow>();
        const done: string[] = [];
        for (const userId of toInvite) {
          const moved = await moveMember(tx, {
            groupId: group.id,
            userId,
            status: 'invited',
            from: ['left'],
            create: true,
            invitedById: viewer.userId,
          });
          if (!moved) {
            // Someone else invited them (or they asked, or joined) a moment ago.
            const now = await memberStatusNow(tx, group.id, userId);
            rows.set(userId, settledRow(userId, now) ?? row(userId, 'already-invited'));
            continue;
          }
          await enqueueJob(tx, {
            kind: GROUP_INVITE_MAIL_JOB,
            payload: { groupId: group.id, userId, invitedById: viewer.userId },
            uniqueKey: `${GROUP_INVITE_MAIL_JOB}:${group.id}:${userId}:${Date.now()}`,
          });
          done.push(userId);
          rows.set(userId, row(userId, 'invited'));
        }
        return { rows, done };
      }),
    );
    for (const [userId, outcome] of decided.rows) outcomes.set(userId, outcome);
    invited = decided.done;
  }
  await tell(deps, invited, { groupId: group.id, groupName: group.name, event: 'invited', byUserId: viewer.userId });
  return { rows: ids.map((userId) => outcomes.get(userId)!) };
}

/**
 * Inviting by e-mail: an address of a registered member invites that member; any other gets a
 * mailed link with its own token that joins whoever opens it after signing up or in.
 */
export async function inviteEmails(
  deps: TDeps,
  viewer: TVerifiedIdentity,
  input: { groupId: string; emails: string[] },
): Promise<{ rows: TGroupInviteRow[] }> {
  const { db } = deps;
  const { group } = await requireInviter(db, viewer, input.groupId);
  const rows: TGroupInviteRow[] = [];
  const seen = new Set<string>();
  const memberIds: { key: string; userId: string }[] = [];
  for (const raw of input.emails) {
    const parsed = ZEmail.safeParse(raw);
    if (!parsed.success) {
      rows.push(row(raw, 'invalid'));
      continue;
    }
    const email = normalizeEmail(parsed.data);
    // The address's identity (email-identity.ts): variants of one address are one invitation, and
    // only the registered holder of exactly this address is invited as a member (never a look-alike).
    const canonical = canonicalEmail(email);
    if (!canonical) {
      rows.push(row(raw, 'invalid'));
      continue;
    }
    if (seen.has(canonical)) continue;
    seen.add(canonical);
    const user = await db.user.findUnique({ where: { registeredEmail: canonical }, select: { id: true } });
    if (user) {
      memberIds.push({ key: email, userId: user.id });
      continue;
    }
    const token = randomBytes(24).toString('base64url');
    const created = await db.$transaction(async (tx) => {
      const inserted = await tx.$executeRaw`
        INSERT IGNORE INTO group_invitations (id, group_id, email, token, invited_by_id)
        VALUES (${randomUUID()}, ${group.id}, ${canonical}, ${token}, ${viewer.userId})`;
      if (inserted === 0) return false;
      await enqueueJob(tx, {
        kind: GROUP_INVITE_MAIL_JOB,
        payload: { groupId: group.id, email: canonical, token, invitedById: viewer.userId },
        uniqueKey: `${GROUP_INVITE_MAIL_JOB}:${group.id}:${canonical}`,
      });
      return true;
    });
    rows.push(row(email, created ? 'invited' : 'already-invited'));
  }
  if (memberIds.length > 0) {
    const result = await inviteMembers(deps, viewer, {
      groupId: group.id,
      userIds: memberIds.map((entry) => entry.userId),
    });
    const byId = new Map(result.rows.map((entry) => [entry.key, entry]));
    for (const entry of memberIds) {
      const outcome = byId.get(entry.userId);
      if (outcome) rows.push({ ...outcome, key: entry.key });
    }
  }
  return { rows };
}

/**
 * The group's open invitations by e-mail (addresses without an account), newest first, for those
 * who may invite: each with what mail does there ("bounced": the server refused it for good, invite
 * the right address; "no-invitations": its owner asked for none). At most 200.
 */
export async function listEmailInvitations(
  db: TDb,
  viewer: TVerifiedIdentity,
  groupId: string,
): Promise<{ email: string; invitedAt: string; deliveryProblem: TDeliveryProblem }[]> {
  await requireInviter(db, viewer, groupId);
  const rows = await db.groupInvitation.findMany({
    where: { groupId, acceptedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    take: 200,
    select: { email: true, createdAt: true },
  });
  const problems = await deliveryProblems(
    db,
    rows.map((row) => row.email),
  );
  return rows.map((row) => ({
    email: row.email,
    invitedAt: row.createdAt.toISOString(),
    deliveryProblem: problemOf(problems, row.email),
  }));
}

/** People I follow who are not in the group (nor asked or invited), for the invite-friends page. */
export async function inviteCandidates(db: TDb, viewer: TVerifiedIdentity, groupId: string): Promise<TPersonSummary[]> {
  await requireInviter(db, viewer, groupId);
  const hidden = await blockedEitherWay(db, viewer.userId);
  const rows = await db.follow.findMany({
    where: {
      followerId: viewer.userId,
      followedId: { notIn: hidden },
      followed: {
        deletedAt: null,
        groupMemberships: { none: { groupId, status: { in: ['active', 'invited', 'pending', 'removed'] } } },
      },
    },
    select: { followed: { select: PERSON_SELECT } },
    orderBy: { followed: { name: 'asc' } },
    take: 200,
  });
  return rows.map((entry) => summarize(entry.followed));
}

/** The groups a family manager is in, and the child's place in each (in, asked, invited, or none). */
export async function childGroupChoices(db: TDb, viewer: TVerifiedIdentity, childId: string) {
  const { as } = await assertCanManage(db, viewer, childId);
  if (as !== 'manager') throw new AppError('FORBIDDEN', { message: 'Only a family manager can do this' });
  const mine = await db.groupMember.findMany({
    where: { userId: viewer.userId, status: 'active', group: { deletedAt: null } },
    select: {
      group: { select: { id: true, name: true, members: { where: { userId: childId }, select: { status: true } } } },
    },
    // By name, then id: two groups of one name keep their order from one read to the next.
    orderBy: [{ group: { name: 'asc' } }, { groupId: 'asc' }],
  });
  return mine.map(({ group }) => {
    const childStatus = (group.members[0]?.status as TGroupMemberStatus | undefined) ?? null;
    return {
      groupId: group.id,
      name: group.name,
      isMember: childStatus === 'active',
      /** The child's request waits for the group's managers. */
      isPending: childStatus === 'pending',
    };
  });
}

/**
 * A family manager who is in the group adds their child account to it (the manager answers for
 * the child, as they do in exchanges).
 *
 * - Where the manager may invite (the group's owner or an assistant, or any member of a public
 *   group), the child is in at once, as an invitation the manager accepted for them would be.
 * - In a private group a plain member admits nobody (membership opens every member's private
 *   profile parts to the others), so the child's place is a request the owner or an assistant
 *   approves, and they are told, as when anyone asks to join. A request rather than a refusal:
 *   the parent's wish is legitimate and the managers decide in the place they already decide
 *   requests, where a refusal would only send the parent off to ask them by other means.
 * - A child a manager invited is in at once (the parent accepts the invitation for them); a
 *   removed child stays removed.
 *
 * Racing adds (a double click) are decided by the database and answer the same place.
 */
export async function addChildToGroup(
  deps: TDeps,
  viewer: TVerifiedIdentity,
  input: { groupId: string; childId: string },
): Promise<{ status: 'active' | 'pending' }> {
  const { db } = deps;
  const { as } = await assertCanManage(db, viewer, input.childId);
  if (as !== 'manager') throw new AppError('FORBIDDEN', { message: 'Only a family manager can do this' });
  const access = await requireActive(db, viewer, input.groupId);
  const { group } = access;
  const removed = () => new AppError('FORBIDDEN', { message: 'A manager of the group removed this account' });
  const existing = await statusOf(db, group.id, input.childId);
  if (existing === 'active') return { status: 'active' };
  if (existing === 'removed') throw removed();
  const admits = mayInvite(access);
  let notices: { userId: string; notificationId: string }[] = [];
  const status = await retryOnDeadlock(() => {
    notices = [];
    return db.$transaction(async (tx): Promise<'active' | 'pending'> => {
      let now: TGroupMemberStatus | null;
      if (admits || existing === 'invited') {
        const activated = await activateMembers(tx, {
          group,
          userIds: [input.childId],
          decidedById: viewer.userId,
          // Who may invite brings the child in from anywhere but removed; anyone else only accepts an invitation.
          from: admits ? ['pending', 'invited', 'left'] : ['invited'],
          create: admits,
        });
        now = activated.length > 0 ? 'active' : await memberStatusNow(tx, group.id, input.childId);
      } else {
        now = await askToJoin(tx, group, input.childId, notices);
      }
      if (now === 'active' || now === 'pending') return now;
      if (now === 'removed') throw removed();
      throw new AppError('CONFLICT', { message: 'This account’s place in the group just changed; please try again' });
    });
  });
  await publishNotifications(deps, notices);
  return { status };
}

/**
 * The job that mails a group invitation (a member's, or a token link for an address). It decides
 * again when it runs: nothing for a deleted group or a closed account, nor for a member whose
 * invitation is no longer open (declined, accepted, withdrawn) or whose settings say no to
 * notification e-mails (subscribeNotifcations, as the other notification mails; the in-app notice
 * was made when they were invited). A member's mail carries the "manage notifications" link.
 */
export async function sendGroupInviteMail(
  deps: Pick<TAppDeps, 'db' | 'mailer' | 'config'>,
  payload: { groupId: string; invitedById: string; userId?: string; email?: string; token?: string },
): Promise<void> {
  const [group, inviter, invitee, place] = await Promise.all([
    deps.db.group.findFirst({
      where: { id: payload.groupId, deletedAt: null },
      select: { id: true, name: true, description: true },
    }),
    deps.db.user.findUnique({
      where: { id: payload.invitedById },
      select: { name: true, firstName: true, lastName: true },
    }),
    payload.userId
      ? deps.db.user.findUnique({
          where: { id: payload.userId },
          select: {
            email: true,
            firstName: true,
            name: true,
            deletedAt: true,
            settings: { select: { emailGuid: true, subscribeNotifcations: true } },
          },
        })
      : null,
    payload.userId ? statusOf(deps.db, payload.groupId, payload.userId) : null,
  ]);
  if (!group || !inviter) return;
  if (payload.userId && (!invitee || place !== 'invited')) return;
  if (invitee?.settings && !invitee.settings.subscribeNotifcations) return;
  const to = invitee ? (invitee.deletedAt ? null : invitee.email) : payload.email;
  if (!to) return;
  const from = displayName(inviter);
  const url = `${deps.config.publicUrl}/groups/${group.id}/${payload.token ? `?code=${encodeURIComponent(payload.token)}` : ''}`;
  await deps.mailer.send(
    socialMail({
      to,
      subject: `${from} invited you to the group ${group.name}`,
      heading: `Join ${group.name}`,
      lines: [
        `Hi ${invitee ? (invitee.firstName ?? invitee.name) : 'there'},`,
        `${from} invited you to ${group.name}, a group on Gifting where people share wish lists, birthdays and gift exchanges.`,
        ...(group.description ? [group.description] : []),
      ],
      action: { label: 'See the invitation', url },
      list: { kind: 'invitations', email: to },
      // Someone without an account can say no to every invitation (the suppression list).
      footerLinks: invitee
        ? []
        : [
            {
              label: "Don't send me invitations",
              url: unsubscribeUrl(deps.config, { kind: 'invitations', email: to }),
            },
          ],
      ...(payload.userId
        ? { manageUrl: await manageNotificationsUrl(deps, payload.userId, invitee?.settings?.emailGuid) }
        : {}),
    }),
  );
}

export { groupAccess };
