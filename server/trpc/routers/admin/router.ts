/**
 * The admin area (spec §2 Admin, §6): thin procedures over server/services/admin. Every procedure
 * refuses non-staff with 403 before reading its input (procedures.ts); writes also refuse support
 * analysts and are audited by their services.
 */
import {
  ZAdminExchangeRef,
  ZAdminGroupRef,
  ZAdminSearch,
  ZAdminUserRef,
  ZAuditLogQuery,
  ZCloneWishListsInput,
  ZConversationRead,
  ZMergeAccountsInput,
  ZMergePreviewInput,
  ZReplaceExchangePersonInput,
  ZStaffNoteInput,
} from '../../../contracts/admin';
import { cloneWishLists, listUserWishLists } from '../../../services/admin/clone-wish-lists';
import { addStaffNote, listStaffNotes } from '../../../services/admin/exchange-staff-notes';
import { findUsers, getUserDetail } from '../../../services/admin/find-users';
import { listAuditLog } from '../../../services/admin/list-audit-log';
import { mergeAccounts, previewMerge } from '../../../services/admin/merge-accounts';
import { listUserConversations, readConversation } from '../../../services/admin/read-user-messages';
import { replaceExchangePerson } from '../../../services/admin/replace-exchange-person';
import {
  getExchangeDetail,
  listExchangeCountries,
  listExchangeEvents,
  listExchangeQuestions,
  listExchangeRestrictions,
  searchExchanges,
} from '../../../services/admin/view-exchange-details';
import {
  getGroupDetail,
  listGroupInvitations,
  listRemovedGroupMembers,
  searchGroups,
} from '../../../services/admin/view-group-details';
import { router } from '../../init';
import { actingStaffProcedure, staffProcedure } from './procedures';

export const adminRouter = router({
  /** The acting staff member and what their roles let them do. */
  me: staffProcedure.query(({ ctx }) => ({ staffUserId: ctx.staff.staffUserId, ...ctx.staff.capabilities })),

  // ---- finduser ----
  findUsers: staffProcedure.input(ZAdminSearch).query(({ ctx, input }) => findUsers(ctx.db, input)),
  user: staffProcedure.input(ZAdminUserRef).query(({ ctx, input }) => getUserDetail(ctx.db, ctx.staff, input)),

  // ---- mergeaccounts ----
  mergePreview: staffProcedure.input(ZMergePreviewInput).query(({ ctx, input }) => previewMerge(ctx, input)),
  mergeAccounts: actingStaffProcedure
    .input(ZMergeAccountsInput)
    .mutation(({ ctx, input }) => mergeAccounts(ctx, ctx.staff, input)),

  // ---- clonewishlists ----
  userWishLists: staffProcedure.input(ZAdminUserRef).query(({ ctx, input }) => listUserWishLists(ctx.db, input)),
  cloneWishLists: actingStaffProcedure
    .input(ZCloneWishListsInput)
    .mutation(({ ctx, input }) => cloneWishLists(ctx.db, ctx.staff, input)),

  // ---- UserMessages (reading is audited) ----
  userConversations: staffProcedure
    .input(ZAdminUserRef)
    .query(({ ctx, input }) => listUserConversations(ctx.db, input)),
  readConversation: staffProcedure
    .input(ZConversationRead)
    .query(({ ctx, input }) => readConversation(ctx.db, ctx.staff, input)),

  // ---- viewexchangedetails ----
  findExchanges: staffProcedure.input(ZAdminSearch).query(({ ctx, input }) => searchExchanges(ctx.db, input)),
  exchange: staffProcedure.input(ZAdminExchangeRef).query(({ ctx, input }) => getExchangeDetail(ctx.db, input)),
  exchangeEvents: staffProcedure.input(ZAdminExchangeRef).query(({ ctx, input }) => listExchangeEvents(ctx.db, input)),
  exchangeQuestions: staffProcedure
    .input(ZAdminExchangeRef)
    .query(({ ctx, input }) => listExchangeQuestions(ctx.db, input)),
  exchangeRestrictions: staffProcedure
    .input(ZAdminExchangeRef)
    .query(({ ctx, input }) => listExchangeRestrictions(ctx.db, input)),
  exchangeCountries: staffProcedure
    .input(ZAdminExchangeRef)
    .query(({ ctx, input }) => listExchangeCountries(ctx.db, input)),
  exchangeNotes: staffProcedure.input(ZAdminExchangeRef).query(({ ctx, input }) => listStaffNotes(ctx.db, input)),
  addExchangeNote: actingStaffProcedure
    .input(ZStaffNoteInput)
    .mutation(({ ctx, input }) => addStaffNote(ctx.db, ctx.staff, input)),

  // ---- replaceexchangeperson ----
  replaceExchangePerson: actingStaffProcedure
    .input(ZReplaceExchangePersonInput)
    .mutation(({ ctx, input }) => replaceExchangePerson(ctx.db, ctx.staff, input)),

  // ---- viewgroupdetails ----
  findGroups: staffProcedure.input(ZAdminSearch).query(({ ctx, input }) => searchGroups(ctx.db, input)),
  group: staffProcedure.input(ZAdminGroupRef).query(({ ctx, input }) => getGroupDetail(ctx.db, input)),
  groupRemovedMembers: staffProcedure
    .input(ZAdminGroupRef)
    .query(({ ctx, input }) => listRemovedGroupMembers(ctx.db, input)),
  groupInvitations: staffProcedure.input(ZAdminGroupRef).query(({ ctx, input }) => listGroupInvitations(ctx.db, input)),

  // ---- The audit log ----
  auditLog: staffProcedure.input(ZAuditLogQuery).query(({ ctx, input }) => listAuditLog(ctx.db, ctx.staff, input)),
});
