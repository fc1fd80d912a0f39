/**
 * Request-rate limits (@fastify/rate-limit; its Redis store with REDIS_URL, so every instance
 * counts together), one table for every face:
 * - log-in and refresh, per client address (the failure throttle with its growing locks,
 *   server/auth/password-throttle.ts, stays in front of every password check);
 * - client logs (POST /v1/logs), per client address;
 * - messages (chat and exchange) and invitations (exchange and group), per member — these are
 *   tRPC procedures, so the tRPC context gets `rateLimit(policy)` and a middleware applies it;
 * - product pages read for /wish-it/ (wishLists.importUrl), per member: each one makes the server
 *   fetch and parse someone else's page, which nothing else a member does costs.
 * Over a limit: 429 with Retry-After, in the AppError body of the face.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TAppDeps } from '../deps';
import { AppError } from '../errors';

export type TRatePolicy = 'auth' | 'logs' | 'messages' | 'invitations' | 'imports';

/** Which tRPC procedures count against which policy. */
export const PROCEDURE_RATE_POLICIES: Readonly<Record<string, TRatePolicy>> = {
  'messages.send': 'messages',
  'exchanges.sendMessage': 'messages',
  'exchanges.sendThankYou': 'messages',
  'exchanges.inviteByEmail': 'invitations',
  'exchanges.inviteBulk': 'invitations',
  'exchanges.inviteUsers': 'invitations',
  'exchanges.resendInvitation': 'invitations',
  'groups.inviteEmails': 'invitations',
  'groups.inviteMembers': 'invitations',
  'wishLists.importUrl': 'imports',
};

/** Policies counted per signed-in member (the tRPC ones); the others count per client address. */
const PER_MEMBER_POLICIES: ReadonlySet<TRatePolicy> = new Set(['messages', 'invitations', 'imports']);

/** Which HTTP routes (method and Fastify route pattern) count against which policy. */
const ROUTE_RATE_POLICIES: Readonly<Record<string, TRatePolicy>> = {
  'POST /auth/v2/log-in/': 'auth',
  'GET /auth/v2/refresh-token/': 'auth',
  'POST /v1/logs': 'logs',
};

/** Seconds to wait before the request may be made again; 0 when it may be made now (and is counted). */
export type TRateCheck = (request: FastifyRequest, policy: TRatePolicy) => Promise<number>;

declare module 'fastify' {
  interface FastifyInstance {
    rateCheck: TRateCheck;
  }
}

export async function registerRateLimits(
  app: FastifyInstance,
  deps: Pick<TAppDeps, 'config' | 'redis'>,
): Promise<TRateCheck> {
  const { config } = deps;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(deps.redis ? { redis: deps.redis, nameSpace: `${config.redisKeyPrefix}http-rate:` } : {}),
    // A Redis hiccup must not take the API down with it: count nothing rather than refuse everything.
    skipOnError: true,
  });
  const perMinute: Record<TRatePolicy, number> = {
    auth: config.rateLimitAuthPerMinute,
    logs: config.clientLogRatePerMinute,
    messages: config.rateLimitMessagesPerMinute,
    invitations: config.rateLimitInvitationsPerMinute,
    imports: config.rateLimitUrlImportsPerMinute,
  };
  const limiters = Object.fromEntries(
    (Object.keys(perMinute) as TRatePolicy[]).map((policy) => [
      policy,
      app.createRateLimit({
        max: perMinute[policy],
        timeWindow: 60_000,
        keyGenerator: (request) =>
          `${policy}:${PER_MEMBER_POLICIES.has(policy) && request.identity ? `user:${request.identity.userId}` : `ip:${request.ip}`}`,
      }),
    ]),
  ) as Record<TRatePolicy, ReturnType<FastifyInstance['createRateLimit']>>;

  const rateCheck: TRateCheck = async (request, policy) => {
    const result = await limiters[policy](request);
    if (result.isAllowed || !result.isExceeded) return 0;
    return Math.max(1, result.ttlInSeconds);
  };
  app.decorate('rateCheck', rateCheck);

  // After the identity hook (registered before this), so per-member policies know the member.
  app.addHook('onRequest', async (request, reply) => {
    const policy = ROUTE_RATE_POLICIES[`${request.method} ${request.routeOptions.url ?? ''}`];
    if (!policy) return;
    const retryAfter = await rateCheck(request, policy);
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      throw new AppError('RATE_LIMITED', { retryAfter });
    }
  });
  return rateCheck;
}
