/**
 * Profiles: reading one (what the viewer may see), saving it (PUT replaces, PATCH merges), deleting
 * an account (personal data removed, sign-ins ended, others' history kept as "former member").
 */
import { randomUUID } from 'node:crypto';
import { refuseWhileImpersonating } from '../../auth/impersonation';
import { forgetFamilies, revokeFamiliesWhere } from '../../auth/revocation';
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TCache } from '../../cache';
import type { TConfig } from '../../config';
import type { TProfile, TProfilePatch, TProfilePut } from '../../contracts/people';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { Prisma } from '../../generated/prisma/client';
import { isUniqueViolationOn } from '../accounts/registered-email';
import { releaseGroupsOf } from '../groups/groups';
import {
  assertCanManage,
  assertNotActingAsChild,
  canSeePrivate,
  FORMER_MEMBER_NAME,
  requireMember,
  publicRelation,
  summarize,
  visiblePerson,
} from './access';
import { removePictureFiles } from './picture';

export const USERNAME_TAKEN_MESSAGE = 'That username is taken';

export async function getProfile(db: TDb, viewer: TVerifiedIdentity | null, userId: string): Promise<TProfile> {
  const { person, relation, isPrivate } = await visiblePerson(db, viewer, userId);
  const full = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      username: true,
      email: true,
      gender: true,
      birthdayMonth: true,
      birthdayDay: true,
      createdAt: true,
      _count: { select: { following: true, followers: true, parentAccounts: true } },
    },
  });
  const isChild = full._count.parentAccounts > 0;
  const summary = summarize(person, isChild);
  const publicRel = publicRelation(relation);
  if (person.deletedAt) {
    return {
      ...summary,
      firstName: null,
      lastName: null,
      username: null,
      dateCreated: full.createdAt.toISOString(),
      isFavorite: false,
      isDeleted: true,
      isPrivate: true,
      canSeePrivate: false,
      email: null,
      gender: null,
      birthday: null,
      relation: publicRel,
      counts: { following: 0, followers: 0 },
    };
  }
  const seesPrivate = await canSeePrivate(db, viewer, { id: userId, isPrivate }, relation);
  const isOwnerSide = relation.isSelf || relation.isManagedByMe;
  // Name and picture are public; the rest of a private profile only for those who may see it.
  return {
    ...summary,
    firstName: person.firstName,
    lastName: person.lastName,
    username: seesPrivate ? full.username : null,
    dateCreated: seesPrivate ? full.createdAt.toISOString() : null,
    isFavorite: false,
    isDeleted: false,
    isPrivate,
    canSeePrivate: seesPrivate,
    email: isOwnerSide ? full.email : null,
    gender: seesPrivate ? full.gender : null,
    birthday:
      seesPrivate && full.birthdayMonth && full.birthdayDay
        ? { month: full.birthdayMonth, day: full.birthdayDay }
        : null,
    relation: publicRel,
    counts: seesPrivate ? { following: full._count.following, followers: full._count.followers } : null,
  };
}

type TProfileData = Pick<
  Prisma.UserUpdateInput,
  'firstName' | 'lastName' | 'username' | 'birthdayMonth' | 'birthdayDay' | 'gender' | 'name'
>;

function nameFrom(first: string | null | undefined, last: string | null | undefined): string | undefined {
  const joined = [first, last].filter(Boolean).join(' ').trim();
  return joined ? joined.slice(0, 100) : undefined;
}

async function saveProfile(db: TDb, userId: string, data: TProfileData): Promise<void> {
  try {
    await db.user.update({ where: { id: userId }, data });
  } catch (error) {
    if (isUniqueViolationOn(error, 'username')) {
      throw new AppError('CONFLICT', {
        message: USERNAME_TAKEN_MESSAGE,
        fieldErrors: { username: USERNAME_TAKEN_MESSAGE },
      });
    }
    throw error;
  }
}

/** PUT: the whole editable profile; fields left out are cleared. */
export async function putProfile(db: TDb, identity: TVerifiedIdentity | null, userId: string, input: TProfilePut) {
  await assertCanManage(db, identity, userId);
  await saveProfile(db, userId, {
    firstName: input.firstName,
    lastName: input.lastName,
    name: nameFrom(input.firstName, input.lastName),
    username: input.username ?? null,
    birthdayMonth: input.birthday?.month ?? null,
    birthdayDay: input.birthday?.day ?? null,
    gender: input.gender ?? null,
  });
  return getProfile(db, identity, userId);
}

/** PATCH: only the fields given change. */
export async function patchProfile(db: TDb, identity: TVerifiedIdentity | null, userId: string, input: TProfilePatch) {
  await assertCanManage(db, identity, userId);
  const data: TProfileData = {};
  if (input.firstName !== undefined) data.firstName = input.firstName;
  if (input.lastName !== undefined) data.lastName = input.lastName;
  if (input.username !== undefined) data.username = input.username;
  if (input.gender !== undefined) data.gender = input.gender;
  if (input.birthday !== undefined) {
    data.birthdayMonth = input.birthday.month ?? null;
    data.birthdayDay = input.birthday.day ?? null;
  }
  if (input.firstName !== undefined || input.lastName !== undefined) {
    const current = await db.user.findUniqueOrThrow({
      where: { id: userId },
      select: { firstName: true, lastName: true },
    });
    data.name = nameFrom(input.firstName ?? current.firstName, input.lastName ?? current.lastName);
  }
  if (Object.keys(data).length > 0) await saveProfile(db, userId, data);
  return getProfile(db, identity, userId);
}

/**
 * Deletes an account: personal data goes, the row stays (isDeleted) so exchanges and messages others
 * took part in still make sense ("Former member"); every sign-in ends at once. A family manager may
 * delete a child account; deleting a manager deletes the children only they manage. Their picture
 * files are removed once the deletion has committed (best-effort, logged on failure).
 */
export async function deleteAccount(
  deps: { db: TDb; cache: TCache; config: Pick<TConfig, 'dataDir'>; log?: TAppDeps['log'] },
  identity: TVerifiedIdentity | null,
  userId: string,
): Promise<void> {
  // Like passwords and e-mail: support staff never close a member's account while acting as them.
  await refuseWhileImpersonating(deps, { identity: requireMember(identity), action: 'Deleting the account' });
  const { identity: caller } = await assertCanManage(deps.db, identity, userId);
  await assertNotActingAsChild(deps.db, caller);
  const { revoked, pictureKeys } = await deps.db.$transaction(async (tx) => {
    const onlyManagedChildren = await tx.parentAccount.findMany({
      where: { parentId: userId, child: { parentAccounts: { every: { parentId: userId } } } },
      select: { childId: true },
    });
    const ids = [userId, ...onlyManagedChildren.map((row) => row.childId)];
    // A locking read: the latest picture keys (an upload that committed meanwhile included), and
    // an upload after this waits for the deletion and is refused (picture.ts).
    const pictures = await tx.$queryRaw<{ picture_key: string | null }[]>`
      SELECT picture_key FROM users WHERE id IN (${Prisma.join(ids)}) FOR UPDATE`;
    const now = new Date();
    for (const id of ids) {
      await tx.user.update({
        where: { id },
        data: {
          deletedAt: now,
          name: FORMER_MEMBER_NAME,
          email: null,
          emailCanonical: null,
          registeredEmail: null,
          username: null,
          firstName: null,
          lastName: null,
          birthdayMonth: null,
          birthdayDay: null,
          gender: null,
          pictureKey: null,
        },
      });
    }
    await tx.userCredential.deleteMany({ where: { userId: { in: ids } } });
    await tx.externalIdentity.deleteMany({ where: { userId: { in: ids } } });
    await tx.emailToken.deleteMany({ where: { userId: { in: ids } } });
    await tx.userSettings.deleteMany({ where: { userId: { in: ids } } });
    await tx.mailingAddress.deleteMany({ where: { userId: { in: ids } } });
    await tx.userPreference.deleteMany({ where: { userId: { in: ids } } });
    await tx.addressBookContact.deleteMany({ where: { ownerId: { in: ids } } });
    await tx.follow.deleteMany({ where: { OR: [{ followerId: { in: ids } }, { followedId: { in: ids } }] } });
    await tx.block.deleteMany({ where: { OR: [{ blockerId: { in: ids } }, { blockedId: { in: ids } }] } });
    await tx.parentAccount.deleteMany({ where: { OR: [{ parentId: { in: ids } }, { childId: { in: ids } }] } });
    await releaseGroupsOf(tx, ids);
    await tx.notification.deleteMany({ where: { userId: { in: ids } } });
    await tx.reminder.deleteMany({ where: { userId: { in: ids } } });
    await tx.activityEvent.deleteMany({ where: { actorId: { in: ids } } });
    await tx.auditLog.create({
      data: {
        actorUserId: caller.impersonatorUserId ?? caller.userId,
        subjectUserId: userId,
        action: 'account.deleted',
        details: JSON.stringify({ alsoDeleted: ids.slice(1) }),
      },
    });
    return {
      revoked: await revokeFamiliesWhere(
        tx,
        { OR: [{ userId: { in: ids } }, { activeUserId: { in: ids } }] },
        'account-deleted',
      ),
      pictureKeys: pictures.map((row) => row.picture_key),
    };
  });
  await forgetFamilies(deps.cache, revoked);
  await removePictureFiles(deps, pictureKeys);
}

/** Creates a child account managed by the caller (no e-mail, no password: it signs in through them). */
export async function createChild(
  db: TDb,
  identity: TVerifiedIdentity | null,
  input: {
    firstName: string;
    lastName: string;
    birthday?: { month?: number | null; day?: number | null };
    gender?: string;
  },
) {
  requireMember(identity);
  const managerId = identity!.userId;
  const isChild = await db.parentAccount.findFirst({ where: { childId: managerId }, select: { parentId: true } });
  if (isChild) throw new AppError('FORBIDDEN', { message: 'A child account cannot manage other accounts' });
  const id = randomUUID();
  await db.$transaction([
    db.user.create({
      data: {
        id,
        name: nameFrom(input.firstName, input.lastName) ?? input.firstName,
        firstName: input.firstName,
        lastName: input.lastName,
        birthdayMonth: input.birthday?.month ?? null,
        birthdayDay: input.birthday?.day ?? null,
        gender: input.gender ?? null,
        // Every account has its settings row (and e-mail settings guid) from the start.
        settings: { create: { emailGuid: randomUUID() } },
      },
    }),
    db.parentAccount.create({ data: { childId: id, parentId: managerId } }),
  ]);
  return getProfile(db, identity, id);
}
