/**
 * The groups domain (spec §1, §2 groups, §3 membership flags): thin faces over
 * server/services/groups. Who may do what inside a group is decided in services/groups/access.ts.
 */
import { z } from 'zod';
import {
  ZGroupFields,
  ZGroupId,
  ZGroupInviteEmails,
  ZGroupInviteMembers,
  ZGroupJoin,
  ZGroupMemberAction,
  ZGroupMembersQuery,
  ZGroupsQuery,
  ZGroupUpdate,
  ZMembershipFlagsUpdate,
} from '../../../contracts/social';
import { ZUuid } from '../../../contracts/validation';
import {
  createGroup,
  declineInvitation,
  deleteGroup,
  getGroup,
  joinGroup,
  leaveGroup,
  listGroups,
  updateGroup,
  updateMyFlags,
} from '../../../services/groups/groups';
import {
  addChildToGroup,
  approveMember,
  childGroupChoices,
  declineMember,
  inviteCandidates,
  inviteEmails,
  listEmailInvitations,
  inviteMembers,
  listMembers,
  removeMember,
  restoreMember,
  setAssistant,
} from '../../../services/groups/members';
import { authedProcedure, router } from '../../init';

export const groupsRouter = router({
  /** /groups/: my groups (active, asked, invited) or public groups to discover. */
  list: authedProcedure.input(ZGroupsQuery).query(({ ctx, input }) => listGroups(ctx.db, ctx.identity, input)),
  get: authedProcedure.input(ZGroupId).query(({ ctx, input }) => getGroup(ctx.db, ctx.identity, input.groupId)),
  create: authedProcedure.input(ZGroupFields).mutation(({ ctx, input }) => createGroup(ctx.db, ctx.identity, input)),
  update: authedProcedure.input(ZGroupUpdate).mutation(({ ctx, input }) => updateGroup(ctx.db, ctx.identity, input)),
  delete: authedProcedure
    .input(ZGroupId)
    .mutation(({ ctx, input }) => deleteGroup(ctx.db, ctx.identity, input.groupId)),

  // ---- My membership ----
  join: authedProcedure.input(ZGroupJoin).mutation(({ ctx, input }) => joinGroup(ctx, ctx.identity, input)),
  leave: authedProcedure.input(ZGroupId).mutation(({ ctx, input }) => leaveGroup(ctx, ctx.identity, input.groupId)),
  declineInvitation: authedProcedure
    .input(ZGroupId)
    .mutation(({ ctx, input }) => declineInvitation(ctx.db, ctx.identity, input.groupId)),
  updateMyFlags: authedProcedure
    .input(ZMembershipFlagsUpdate)
    .mutation(({ ctx, input }) => updateMyFlags(ctx.db, ctx.identity, input)),

  // ---- Members ----
  members: authedProcedure
    .input(ZGroupMembersQuery)
    .query(({ ctx, input }) => listMembers(ctx.db, ctx.identity, input)),
  approve: authedProcedure
    .input(ZGroupMemberAction)
    .mutation(({ ctx, input }) => approveMember(ctx, ctx.identity, input)),
  decline: authedProcedure
    .input(ZGroupMemberAction)
    .mutation(({ ctx, input }) => declineMember(ctx, ctx.identity, input)),
  remove: authedProcedure
    .input(ZGroupMemberAction)
    .mutation(({ ctx, input }) => removeMember(ctx.db, ctx.identity, input)),
  restore: authedProcedure
    .input(ZGroupMemberAction)
    .mutation(({ ctx, input }) => restoreMember(ctx, ctx.identity, input)),
  setAssistant: authedProcedure
    .input(ZGroupMemberAction.extend({ isAssistant: z.boolean() }))
    .mutation(({ ctx, input }) => setAssistant(ctx.db, ctx.identity, input)),

  // ---- Inviting ----
  inviteEmails: authedProcedure
    .input(ZGroupInviteEmails)
    .mutation(({ ctx, input }) => inviteEmails(ctx, ctx.identity, input)),
  inviteMembers: authedProcedure
    .input(ZGroupInviteMembers)
    .mutation(({ ctx, input }) => inviteMembers(ctx, ctx.identity, input)),
  inviteCandidates: authedProcedure
    .input(ZGroupId)
    .query(({ ctx, input }) => inviteCandidates(ctx.db, ctx.identity, input.groupId)),
  /** Open e-mail invitations with "this address bounced" / "doesn't accept invitations". */
  emailInvitations: authedProcedure
    .input(ZGroupId)
    .query(({ ctx, input }) => listEmailInvitations(ctx.db, ctx.identity, input.groupId)),

  // ---- Family manager: child accounts in my groups ----
  childChoices: authedProcedure
    .input(z.object({ childId: ZUuid }))
    .query(({ ctx, input }) => childGroupChoices(ctx.db, ctx.identity, input.childId)),
  addChild: authedProcedure
    .input(ZGroupId.extend({ childId: ZUuid }))
    .mutation(({ ctx, input }) => addChildToGroup(ctx, ctx.identity, input)),
});
