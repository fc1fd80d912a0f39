/**
 * The people domain (spec §2 profiles, friends, settings, family manager; §3 user entities; §7
 * Users): every procedure is a thin face over server/services/people, like the REST /v1/users routes.
 */
import { z } from 'zod';
import { ZPagingQuery, pagedOutput } from '../../../contracts/paging';
import {
  ZAddressBookEntry,
  ZChildAccount,
  ZContactInput,
  ZCreateChild,
  ZEmailGuid,
  ZEmailSettings,
  ZEmailSettingsPatch,
  ZListedPerson,
  ZMailingAddress,
  ZMailingAddressOut,
  ZMarketPreferences,
  ZParentAccount,
  ZPreference,
  ZPreferenceUpdate,
  ZProfile,
  ZProfilePatch,
  ZProfilePut,
  ZSearchInput,
  ZSettings,
  ZSettingsPatch,
  ZSuggestion,
  ZUserIdParams,
} from '../../../contracts/people';
import { ZUuid } from '../../../contracts/validation';
import {
  addContact,
  getMailingAddress,
  listAddressBook,
  putMailingAddress,
  removeContact,
} from '../../../services/people/address';
import { exportMyData } from '../../../services/people/export';
import { listChildren, listParentAccounts } from '../../../services/people/family';
import {
  block,
  follow,
  listBlocked,
  listFollowed,
  listFollowers,
  listSuggestions,
  searchPeople,
  unblock,
  unfollow,
} from '../../../services/people/follows';
import { removePicture } from '../../../services/people/picture';
import { createChild, deleteAccount, getProfile, patchProfile, putProfile } from '../../../services/people/profile';
import {
  getEmailSettings,
  getPreferences,
  getSettings,
  marketPreferences,
  setPreference,
  updateEmailSettings,
  updateSettings,
} from '../../../services/people/settings';
import { authedProcedure, knownProcedure, publicProcedure, router } from '../../init';

const ZPagedForUser = ZUserIdParams.extend(ZPagingQuery.shape);
const ZTarget = z.object({ userId: ZUuid });
const ok = z.object({ ok: z.literal(true) });

export const peopleRouter = router({
  get: publicProcedure
    .input(ZUserIdParams)
    .output(ZProfile)
    .query(({ ctx, input }) => getProfile(ctx.db, ctx.identity, input.userId)),
  /** POST /v1/users: a family manager creates a child account. */
  create: authedProcedure
    .input(ZCreateChild)
    .output(ZProfile)
    .mutation(({ ctx, input }) => createChild(ctx.db, ctx.identity, input)),
  update: authedProcedure
    .input(z.object({ userId: ZUuid, profile: ZProfilePut }))
    .output(ZProfile)
    .mutation(({ ctx, input }) => putProfile(ctx.db, ctx.identity, input.userId, input.profile)),
  patch: authedProcedure
    .input(z.object({ userId: ZUuid, profile: ZProfilePatch }))
    .output(ZProfile)
    .mutation(({ ctx, input }) => patchProfile(ctx.db, ctx.identity, input.userId, input.profile)),
  delete: authedProcedure
    .input(ZUserIdParams)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await deleteAccount(ctx, ctx.identity, input.userId);
      return { ok: true as const };
    }),
  removePicture: authedProcedure
    .input(ZUserIdParams)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await removePicture(ctx, ctx.identity, input.userId);
      return { ok: true as const };
    }),

  settings: knownProcedure
    .input(ZUserIdParams)
    .output(ZSettings)
    .query(({ ctx, input }) => getSettings(ctx.db, ctx.identity, input.userId)),
  updateSettings: authedProcedure
    .input(z.object({ userId: ZUuid, settings: ZSettingsPatch }))
    .output(ZSettings)
    .mutation(({ ctx, input }) => updateSettings(ctx.db, ctx.identity, input.userId, input.settings)),
  /** The e-mailed "manage notifications" link: the guid is the key, no sign-in needed. */
  emailSettings: publicProcedure
    .input(ZEmailGuid)
    .output(ZEmailSettings)
    .query(({ ctx, input }) => getEmailSettings(ctx.db, input.emailGuid)),
  updateEmailSettings: publicProcedure
    .input(ZEmailSettingsPatch)
    .output(ZEmailSettings)
    .mutation(({ ctx, input }) => updateEmailSettings(ctx.db, input.emailGuid, input.settings)),

  preferences: knownProcedure
    .input(ZUserIdParams)
    .output(z.array(ZPreference))
    .query(({ ctx, input }) => getPreferences(ctx.db, ctx.identity, input.userId)),
  setPreference: knownProcedure
    .input(ZPreferenceUpdate.extend({ userId: ZUuid }))
    .output(z.array(ZPreference))
    .mutation(({ ctx, input }) => setPreference(ctx.db, ctx.identity, input.userId, input)),
  marketPreferences: knownProcedure
    .output(ZMarketPreferences)
    .query(({ ctx }) => marketPreferences(ctx.db, ctx.identity)),

  mailingAddress: knownProcedure
    .input(ZUserIdParams)
    .output(ZMailingAddressOut)
    .query(({ ctx, input }) => getMailingAddress(ctx.db, ctx.identity, input.userId)),
  setMailingAddress: knownProcedure
    .input(z.object({ userId: ZUuid, address: ZMailingAddress }))
    .output(ZMailingAddressOut)
    .mutation(({ ctx, input }) => putMailingAddress(ctx.db, ctx.identity, input.userId, input.address)),

  parentAccounts: knownProcedure
    .input(ZUserIdParams)
    .output(z.array(ZParentAccount))
    .query(({ ctx, input }) => listParentAccounts(ctx.db, ctx.identity, input.userId)),
  children: authedProcedure
    .input(ZUserIdParams)
    .output(z.array(ZChildAccount))
    .query(({ ctx, input }) => listChildren(ctx.db, ctx.identity, input.userId)),

  followedUsers: publicProcedure
    .input(ZPagedForUser)
    .output(pagedOutput(ZListedPerson))
    .query(({ ctx, input }) => listFollowed(ctx.db, ctx.identity, input.userId, input)),
  followerUsers: publicProcedure
    .input(ZPagedForUser)
    .output(pagedOutput(ZListedPerson))
    .query(({ ctx, input }) => listFollowers(ctx.db, ctx.identity, input.userId, input)),
  followSuggestions: authedProcedure
    .input(ZPagedForUser)
    .output(pagedOutput(ZSuggestion))
    .query(({ ctx, input }) => listSuggestions(ctx.db, ctx.identity, input.userId, input)),
  blockedUsers: authedProcedure
    .input(ZPagedForUser)
    .output(pagedOutput(ZListedPerson))
    .query(({ ctx, input }) => listBlocked(ctx.db, ctx.identity, input.userId, input)),
  search: authedProcedure
    .input(ZSearchInput.extend(ZPagingQuery.shape))
    .output(pagedOutput(ZListedPerson))
    .query(({ ctx, input }) => searchPeople(ctx.db, ctx.identity, input.query, input)),
  follow: authedProcedure
    .input(ZTarget)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await follow(ctx, ctx.identity, input.userId);
      return { ok: true as const };
    }),
  unfollow: authedProcedure
    .input(ZTarget)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await unfollow(ctx.db, ctx.identity, input.userId);
      return { ok: true as const };
    }),
  block: authedProcedure
    .input(ZTarget)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await block(ctx.db, ctx.identity, input.userId);
      return { ok: true as const };
    }),
  unblock: authedProcedure
    .input(ZTarget)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await unblock(ctx.db, ctx.identity, input.userId);
      return { ok: true as const };
    }),

  addressBook: authedProcedure
    .input(ZPagingQuery.optional())
    .output(pagedOutput(ZAddressBookEntry))
    .query(({ ctx, input }) => listAddressBook(ctx.db, ctx.identity, input ?? { limit: 20, offset: 0 })),
  addContact: authedProcedure
    .input(ZContactInput)
    .output(ZAddressBookEntry)
    .mutation(({ ctx, input }) => addContact(ctx.db, ctx.identity, input)),
  removeContact: authedProcedure
    .input(z.object({ contactId: ZUuid }))
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await removeContact(ctx.db, ctx.identity, input.contactId);
      return { ok: true as const };
    }),

  /** Download my data (JSON). */
  export: authedProcedure.query(({ ctx }) => exportMyData(ctx.db, ctx.identity)),
});
