/** Who an experiment assignment belongs to: the member, or an anonymous visitor id kept in a cookie. */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isHttps } from '../auth/cookies';
import type { TConfig } from '../config';

export const VISITOR_COOKIE = 'gifting_vid';

export function subjectKeyFor(
  config: Pick<TConfig, 'publicUrl'>,
  request: FastifyRequest,
  reply: FastifyReply,
): string {
  if (request.identity) return `user:${request.identity.userId}`;
  let visitorId = request.cookies[VISITOR_COOKIE];
  if (!visitorId || !/^[0-9a-f-]{36}$/.test(visitorId)) {
    visitorId = randomUUID();
    reply.setCookie(VISITOR_COOKIE, visitorId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isHttps(config),
      maxAge: 365 * 86_400,
    });
  }
  return `visitor:${visitorId}`;
}
