/**
 * The gift-exchange domain (spec §2 generator and gift exchanges, §3 exchange and exchange
 * response): thin faces over server/services/exchanges. Known identities (floaters invited by
 * e-mail included) may answer, pick a wish list, see their recipient, write and thank; managing an
 * exchange needs a full sign-in. Who may do what inside one exchange is decided in the services
 * (services/exchanges/access.ts), never here.
 */
import { z } from 'zod';
import { builtOutput } from '../../built-output';
import { auditImpersonatedRead } from '../../../auth/impersonation';
import {
  ZAnswerQuestion,
  ZBulkInvite,
  ZChildExchangeChoice,
  ZChooseExchangeWishList,
  ZConversation,
  ZConversationView,
  ZDrawOutcome,
  ZDrawRestrictedUserPage,
  ZLatecomerOutcome,
  ZPracticeDraw,
  ZDrawView,
  ZExchangeConversationSummary,
  ZExchangeCreate,
  ZExchangeDetail,
  ZExchangeEvent,
  ZExchangeId,
  ZExchangeMessage,
  ZExchangeParticipant,
  ZExchangeParticipantPage,
  ZExchangeSettings,
  ZExchangeSummary,
  ZExchangeUpdate,
  ZExchangeUserId,
  ZExchangeWish,
  ZFlagAnswer,
  ZFlaggableAnswer,
  ZInviteByEmail,
  ZInviteResults,
  ZInviteUsers,
  ZMyAssignment,
  ZMyParticipation,
  ZMyQuestions,
  ZQuestionAnswerId,
  ZReplaceParticipant,
  ZRepeatCandidate,
  ZRsvp,
  ZSendMessage,
  ZSendThankYou,
  ZSetAssistant,
  ZSetDisqualified,
  ZSetHousehold,
  ZSetQuestions,
  ZSetRestrictions,
  ZThankYou,
  ZThankYous,
  ZGallery,
  ZPostToWall,
  ZTurnOrder,
  ZWall,
  ZWallPost,
  ZWallPostId,
} from '../../../contracts/exchanges';
import { ZPagingQuery } from '../../../contracts/paging';
import { ZUserIdParams } from '../../../contracts/people';
import { ZUuid } from '../../../contracts/validation';
import { ZWishListSummary } from '../../../contracts/wish-lists';
import { calendarLinks } from '../../../services/exchanges/calendar';
import { listActivity } from '../../../services/exchanges/events';
import {
  archiveExchange,
  createExchange,
  deleteExchange,
  getExchange,
  listMyExchanges,
  listRepeatCandidates,
  updateExchange,
  updateExchangeSettings,
} from '../../../services/exchanges/exchanges';
import { drawExchange, getMyAssignment, redrawExchange, viewDraw } from '../../../services/exchanges/draw-exchange';
import { drawLatecomers, practiceDraw } from '../../../services/exchanges/latecomers';
import { inviteBulk, inviteByEmail, inviteUsers, resendInvitation } from '../../../services/exchanges/invitations';
import { getConversation, listConversations, sendMessage } from '../../../services/exchanges/messages';
import {
  addChild,
  getParticipant,
  joinByLink,
  listChildExchangeChoices,
  listDisqualified,
  listParticipants,
  removeParticipant,
  replaceParticipant,
  respond,
  setAssistant,
  setDisqualified,
} from '../../../services/exchanges/participants';
import {
  answerQuestion,
  flagAnswer,
  getFlaggableAnswer,
  listMyQuestions,
  setQuestions,
} from '../../../services/exchanges/questions';
import { listRestrictions, setHousehold, setRestrictions } from '../../../services/exchanges/restrictions';
import { listGallery, listThankYous, sendThankYou } from '../../../services/exchanges/thank-yous';
import { getTurnOrder } from '../../../services/exchanges/turn-order';
import { listWall, postToWall, removeWallPost } from '../../../services/exchanges/wall';
import { wallStream } from '../../../realtime/streams';
import { addExchangeWish, chooseExchangeWishList, listWishListChoices } from '../../../services/exchanges/wish-list';
import { authedProcedure, knownProcedure, router } from '../../init';
import { personLinkProcedures } from './person-links';

const ok = z.object({ ok: z.literal(true) });

export const exchangesRouter = router({
  // ---- Exchanges ----
  /** /gift-exchanges/: the exchanges the caller organizes, assists, takes part in or is invited to. */
  // Both built field by field (services/exchanges/shapes.ts), so checked in tests, sent as built.
  mine: knownProcedure
    .output(builtOutput(z.array(ZExchangeSummary)))
    .query(({ ctx }) => listMyExchanges(ctx, ctx.identity)),
  get: knownProcedure
    .input(ZExchangeId)
    .output(builtOutput(ZExchangeDetail))
    .query(({ ctx, input }) => getExchange(ctx, ctx.identity, input.exchangeId)),
  create: authedProcedure
    .input(ZExchangeCreate)
    .output(ZExchangeDetail)
    .mutation(({ ctx, input }) => createExchange(ctx, ctx.identity, input)),
  update: authedProcedure
    .input(ZExchangeUpdate)
    .output(ZExchangeDetail)
    .mutation(({ ctx, input }) => updateExchange(ctx, ctx.identity, input)),
  updateSettings: authedProcedure
    .input(ZExchangeSettings)
    .output(ZExchangeDetail)
    .mutation(({ ctx, input }) => updateExchangeSettings(ctx, ctx.identity, input)),
  archive: authedProcedure
    .input(ZExchangeId)
    .output(ZExchangeDetail)
    .mutation(({ ctx, input }) => archiveExchange(ctx, ctx.identity, input.exchangeId)),
  delete: authedProcedure
    .input(ZExchangeId)
    .output(ok)
    .mutation(({ ctx, input }) => deleteExchange(ctx, ctx.identity, input.exchangeId)),
  /** Repeat: earlier exchanges the caller organized, to start next year's from. */
  repeatCandidates: authedProcedure
    .output(z.array(ZRepeatCandidate))
    .query(({ ctx }) => listRepeatCandidates(ctx, ctx.identity)),
  activity: knownProcedure
    .input(ZExchangeId)
    .output(z.array(ZExchangeEvent))
    .query(({ ctx, input }) => listActivity(ctx, ctx.identity, input.exchangeId)),

  /** "Add to calendar": the signed .ics download and the Google Calendar link. */
  calendarLinks: knownProcedure
    .input(ZExchangeId)
    .output(z.object({ icsUrl: z.string(), googleUrl: z.string() }))
    .query(({ ctx, input }) => calendarLinks(ctx, ctx.identity, input.exchangeId)),

  // ---- People ----
  participants: knownProcedure
    .input(ZExchangeId.extend(ZPagingQuery.shape))
    .output(ZExchangeParticipantPage)
    .query(({ ctx, input }) => listParticipants(ctx, ctx.identity, input.exchangeId, input)),
  participant: knownProcedure
    .input(ZExchangeUserId)
    .output(ZExchangeParticipant)
    .query(({ ctx, input }) => getParticipant(ctx, ctx.identity, input)),
  disqualified: knownProcedure
    .input(ZExchangeId)
    .output(z.array(ZExchangeParticipant))
    .query(({ ctx, input }) => listDisqualified(ctx, ctx.identity, input.exchangeId)),
  inviteByEmail: authedProcedure
    .input(ZInviteByEmail)
    .output(ZInviteResults)
    .mutation(({ ctx, input }) => inviteByEmail(ctx, ctx.identity, input)),
  inviteBulk: authedProcedure
    .input(ZBulkInvite)
    .output(ZInviteResults)
    .mutation(({ ctx, input }) => inviteBulk(ctx, ctx.identity, input)),
  /** Friends, address-book members, group members: people who already have an account. */
  inviteUsers: authedProcedure
    .input(ZInviteUsers)
    .output(ZInviteResults)
    .mutation(({ ctx, input }) => inviteUsers(ctx, ctx.identity, input)),
  resendInvitation: authedProcedure
    .input(ZExchangeUserId)
    .output(ok)
    .mutation(({ ctx, input }) => resendInvitation(ctx, ctx.identity, input)),
  /** The copyable sign-up link: a signed-in member joins with the exchange's code. */
  joinByLink: authedProcedure
    .input(z.object({ exchangeId: ZUuid, code: z.string().min(1).max(64) }))
    .output(ZExchangeDetail)
    .mutation(({ ctx, input }) => joinByLink(ctx, ctx.identity, input)),
  rsvp: knownProcedure
    .input(ZRsvp)
    .output(ZMyParticipation)
    .mutation(({ ctx, input }) => respond(ctx, ctx.identity, input)),
  setAssistant: authedProcedure
    .input(ZSetAssistant)
    .output(ok)
    .mutation(({ ctx, input }) => setAssistant(ctx, ctx.identity, input)),
  setDisqualified: authedProcedure
    .input(ZSetDisqualified)
    .output(ok)
    .mutation(({ ctx, input }) => setDisqualified(ctx, ctx.identity, input)),
  /** Family manager: the open exchanges the caller manages, for adding their child. */
  childChoices: authedProcedure
    .input(ZUserIdParams)
    .output(z.array(ZChildExchangeChoice))
    .query(({ ctx, input }) => listChildExchangeChoices(ctx, ctx.identity, input.userId)),
  addChild: authedProcedure
    .input(ZExchangeUserId)
    .output(ok)
    .mutation(({ ctx, input }) => addChild(ctx, ctx.identity, input)),
  removeParticipant: authedProcedure
    .input(ZExchangeUserId)
    .output(ZDrawOutcome)
    .mutation(({ ctx, input }) => removeParticipant(ctx, ctx.identity, input)),
  replaceParticipant: authedProcedure
    .input(ZReplaceParticipant)
    .output(ZDrawOutcome)
    .mutation(({ ctx, input }) => replaceParticipant(ctx, ctx.identity, input)),

  // ---- The exchange's wish list (floaters included) ----
  wishListChoices: knownProcedure
    .input(ZExchangeId)
    .output(z.array(ZWishListSummary))
    .query(({ ctx, input }) => listWishListChoices(ctx, ctx.identity, input.exchangeId)),
  chooseWishList: knownProcedure
    .input(ZChooseExchangeWishList)
    .output(ZWishListSummary)
    .mutation(({ ctx, input }) => chooseExchangeWishList(ctx, ctx.identity, input)),
  addWish: knownProcedure
    .input(ZExchangeWish)
    .output(ok)
    .mutation(({ ctx, input }) => addExchangeWish(ctx, ctx.identity, input)),

  // ---- Restrictions and the draw ----
  restrictions: knownProcedure
    .input(ZExchangeId.extend(ZPagingQuery.shape))
    .output(ZDrawRestrictedUserPage)
    .query(({ ctx, input }) => listRestrictions(ctx, ctx.identity, input.exchangeId, input)),
  setRestrictions: authedProcedure
    .input(ZSetRestrictions)
    .output(ok)
    .mutation(({ ctx, input }) => setRestrictions(ctx, ctx.identity, input)),
  setHousehold: authedProcedure
    .input(ZSetHousehold)
    .output(ok)
    .mutation(({ ctx, input }) => setHousehold(ctx, ctx.identity, input)),
  draw: authedProcedure
    .input(ZExchangeId)
    .output(ZDrawOutcome)
    .mutation(({ ctx, input }) => drawExchange(ctx, ctx.identity, input.exchangeId)),
  redraw: authedProcedure
    .input(ZExchangeId)
    .output(ZDrawOutcome)
    .mutation(({ ctx, input }) => redrawExchange(ctx, ctx.identity, input.exchangeId)),
  /** Places those who joined after the draw; only the givers whose recipient changed are told. */
  drawLatecomers: authedProcedure
    .input(ZExchangeId)
    .output(ZLatecomerOutcome)
    .mutation(({ ctx, input }) => drawLatecomers(ctx, ctx.identity, input.exchangeId)),
  /** A draw shown only to the caller as counts and conflicts: stores nothing, tells nobody. */
  practiceDraw: authedProcedure
    .input(ZExchangeId)
    .output(ZPracticeDraw)
    .mutation(({ ctx, input }) => practiceDraw(ctx, ctx.identity, input.exchangeId)),
  /** The caller's own recipient: the only pairing a participant ever sees. */
  myAssignment: knownProcedure
    .input(ZExchangeId)
    .output(ZMyAssignment)
    .query(({ ctx, input }) => getMyAssignment(ctx, ctx.identity, input.exchangeId)),
  /** The whole draw: organizer and assistants, only when the privacy settings allow it. */
  viewDraw: authedProcedure
    .input(ZExchangeId)
    .output(ZDrawView)
    .query(({ ctx, input }) => viewDraw(ctx, ctx.identity, input.exchangeId)),

  // ---- Ice-breaker questions ----
  questions: knownProcedure
    .input(ZExchangeId)
    .output(ZMyQuestions)
    .query(({ ctx, input }) => listMyQuestions(ctx, ctx.identity, input.exchangeId)),
  setQuestions: authedProcedure
    .input(ZSetQuestions)
    .output(ZMyQuestions)
    .mutation(({ ctx, input }) => setQuestions(ctx, ctx.identity, input)),
  answerQuestion: knownProcedure
    .input(ZAnswerQuestion)
    .output(ok)
    .mutation(({ ctx, input }) => answerQuestion(ctx, ctx.identity, input)),
  /** /actions/flag-qa/{questionAnswerId}: the answer its reader may report. */
  flaggableAnswer: knownProcedure
    .input(ZQuestionAnswerId)
    .output(ZFlaggableAnswer)
    .query(({ ctx, input }) => getFlaggableAnswer(ctx, ctx.identity, input.questionAnswerId)),
  flagAnswer: knownProcedure
    .input(ZFlagAnswer)
    .output(ok)
    .mutation(({ ctx, input }) => flagAnswer(ctx, ctx.identity, input)),

  // ---- Anonymous messages and thank-yous ----
  conversations: knownProcedure.output(z.array(ZExchangeConversationSummary)).query(async ({ ctx }) => {
    // Read while impersonating, Secret Santa threads are audited like chats (auditImpersonatedRead).
    await auditImpersonatedRead(ctx.db, ctx.identity, { thread: 'santa-list' });
    return listConversations(ctx, ctx.identity);
  }),
  conversation: knownProcedure
    .input(ZConversation)
    .output(ZConversationView)
    .query(async ({ ctx, input }) => {
      const conversation = await getConversation(ctx, ctx.identity, input);
      await auditImpersonatedRead(ctx.db, ctx.identity, {
        thread: 'santa',
        exchangeId: input.exchangeId,
        with: input.with,
      });
      return conversation;
    }),
  sendMessage: knownProcedure
    .input(ZSendMessage)
    .output(ZExchangeMessage)
    .mutation(({ ctx, input }) => sendMessage(ctx, ctx.identity, input)),
  thankYous: knownProcedure
    .input(ZExchangeId)
    .output(ZThankYous)
    .query(({ ctx, input }) => listThankYous(ctx, ctx.identity, input.exchangeId)),
  sendThankYou: knownProcedure
    .input(ZSendThankYou)
    .output(ZThankYou)
    .mutation(({ ctx, input }) => sendThankYou(ctx, ctx.identity, input)),
  /** The gallery: thank-yous with a photo (photos themselves: GET /v1/exchanges/{id}/thank-yous/{id}/photo). */
  gallery: knownProcedure
    .input(ZExchangeId)
    .output(ZGallery)
    .query(({ ctx, input }) => listGallery(ctx, ctx.identity, input.exchangeId)),

  // ---- Party games ----
  /** White Elephant, Yankee Swap: the turn order (drawn with `draw`) and the rules, for everyone in it. */
  turnOrder: knownProcedure
    .input(ZExchangeId)
    .output(ZTurnOrder)
    .query(({ ctx, input }) => getTurnOrder(ctx, ctx.identity, input.exchangeId)),

  // ---- The wall ----
  wall: knownProcedure
    .input(ZExchangeId)
    .output(ZWall)
    .query(({ ctx, input }) => listWall(ctx, ctx.identity, input.exchangeId)),
  postToWall: knownProcedure
    .input(ZPostToWall)
    .output(ZWallPost)
    .mutation(({ ctx, input }) => postToWall(ctx, ctx.identity, input)),
  removeWallPost: knownProcedure
    .input(ZWallPostId)
    .output(ok)
    .mutation(({ ctx, input }) => removeWallPost(ctx, ctx.identity, input)),
  /** New wall posts, live (resumable by `lastEventId`, as the chats' stream); a removal as an item-less cue to reload. */
  onWall: knownProcedure
    .input(ZExchangeId.extend({ lastEventId: z.string().max(8192).nullish() }))
    .subscription(({ ctx, input, signal }) =>
      wallStream(ctx, ctx.identity, input.exchangeId, input.lastEventId, signal),
    ),
  // ---- People without e-mail (person-links.ts) ----
  ...personLinkProcedures,
});
