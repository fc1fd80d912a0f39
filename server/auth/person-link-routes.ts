/**
 * GET /auth/v2/person-link/?token=: a private link of a person without e-mail (issue 31). The first
 * browser to open it keeps a device secret in an httpOnly cookie (only that cookie's hash is
 * stored) and is signed in for the exchange, as a mailed invitation's link does; any other browser
 * lands on /personal-link/, which says the link was already opened on another device (or replaced)
 * and lets the person ask the organizer for a new one. Rules: docs/secrecy.md, "People without e-mail".
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PERSON_LINK_PATH, PERSON_LINK_SCREEN_PATH, ZPersonLinkToken } from '../contracts/person-links';
import type { TAppDeps } from '../deps';
import { parseInput } from '../rest/validate';
import { openPersonLink, personLinkScope } from '../services/exchanges/person-links';
import { isHttps } from './cookies';
import { signInAnswer } from './routes';

/** One cookie per link (a browser may hold several people's links, e.g. a family's). */
const deviceCookieName = (linkId: string): string => `gifting_pl_${linkId}`;
/** Browsers cap cookie lifetimes at 400 days; a link outliving that is asked for again. */
const DEVICE_COOKIE_SECONDS = 400 * 86_400;

export function personLinkRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(PERSON_LINK_PATH, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token } = parseInput(z.object({ token: z.string().max(200).default('') }), request.query);
      const screen = `${PERSON_LINK_SCREEN_PATH}?token=${encodeURIComponent(token)}`;
      if (!ZPersonLinkToken.safeParse(token).success) return reply.redirect(screen, 302);
      const opened = await openPersonLink(deps, {
        token,
        deviceSecret: (linkId) => request.cookies[deviceCookieName(linkId)],
      });
      if (opened.outcome === 'refused') return reply.redirect(screen, 302);
      if (opened.deviceSecret)
        reply.setCookie(deviceCookieName(opened.linkId), opened.deviceSecret, {
          httpOnly: true,
          // Lax: a link opened from a chat or mail app (a top-level navigation) still carries it.
          sameSite: 'lax',
          secure: isHttps(deps.config),
          path: PERSON_LINK_PATH,
          maxAge: DEVICE_COOKIE_SECONDS,
        });
      await signInAnswer(deps, request, reply, opened.userId, { scope: personLinkScope(opened.exchangeId) });
      return reply.redirect(`/gift-exchanges/${opened.exchangeId}/`, 302);
    });
  };
}
