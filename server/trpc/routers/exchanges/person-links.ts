/**
 * People without e-mail (issue 31): the organizer adds a person by name and manages their private
 * link; whoever holds a link that a browser refuses may read what it is and ask for a new one
 * (public: the link is the credential). The link's sign-in itself is a navigation
 * (server/auth/person-link-routes.ts). Spread into the exchanges router.
 */
import { z } from 'zod';
import { ZExchangeId, ZExchangeUserId } from '../../../contracts/exchanges';
import {
  ZAddNamedPerson,
  ZMyPersonLink,
  ZPersonLinkRef,
  ZPersonLinkState,
  ZPersonLinkView,
} from '../../../contracts/person-links';
import {
  addNamedPerson,
  getMyPersonLink,
  getPersonLinkState,
  listPersonLinks,
  reissuePersonLink,
  requestNewPersonLink,
} from '../../../services/exchanges/person-links';
import { authedProcedure, knownProcedure, publicProcedure } from '../../init';

export const personLinkProcedures = {
  addNamedPerson: authedProcedure
    .input(ZAddNamedPerson)
    .output(ZPersonLinkView)
    .mutation(({ ctx, input }) => addNamedPerson(ctx, ctx.identity, input)),
  personLinks: authedProcedure
    .input(ZExchangeId)
    .output(z.array(ZPersonLinkView))
    .query(({ ctx, input }) => listPersonLinks(ctx, ctx.identity, input.exchangeId)),
  reissuePersonLink: authedProcedure
    .input(ZExchangeUserId)
    .output(ZPersonLinkView)
    .mutation(({ ctx, input }) => reissuePersonLink(ctx, ctx.identity, input)),
  /** The caller's own link history in an exchange (an earlier link opened, then replaced). */
  myPersonLink: knownProcedure
    .input(ZExchangeId)
    .output(ZMyPersonLink)
    .query(({ ctx, input }) => getMyPersonLink(ctx, ctx.identity, input.exchangeId)),
  personLinkState: publicProcedure
    .input(ZPersonLinkRef)
    .output(ZPersonLinkState)
    .query(({ ctx, input }) => getPersonLinkState(ctx, input.token)),
  requestNewPersonLink: publicProcedure
    .input(ZPersonLinkRef)
    .output(z.object({ ok: z.literal(true), newLinkRequestedAt: z.string() }))
    .mutation(({ ctx, input }) => requestNewPersonLink(ctx, input.token)),
};
