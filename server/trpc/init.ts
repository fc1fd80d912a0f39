/**
 * The one place tRPC is initialised: router, procedures, role-checking factories and the caller
 * factory. Errors go through the AppError table so tRPC and REST answer alike.
 */
import { TRPCError, initTRPC } from '@trpc/server';
import { ZodError } from 'zod';
import {
  auditImpersonatedWrite,
  READ_ONLY_IMPERSONATION_MESSAGE,
  refuseImpersonatedWrite,
} from '../auth/impersonation';
import { canWriteWhileImpersonating } from '../auth/roles';
import { deriveAuthFlags } from '../contracts/identity';
import { fieldErrorsFromZod, type TFieldErrors } from '../contracts/validation';
import { APP_ERRORS, AppError, type TAppErrorCode } from '../errors';
import { databaseUnavailableError } from '../http/database-health';
import { parseIdempotencyKey, runIdempotent } from '../idempotency/idempotency';
import { IDEMPOTENT_PROCEDURES } from '../idempotency/operations';
import { PROCEDURE_RATE_POLICIES } from '../http/rate-limits';
import type { TContext } from './context';

export interface TErrorShapeData {
  appCode: TAppErrorCode;
  httpStatus: number;
  fieldErrors?: TFieldErrors;
  retryAfter?: number;
  /** Public details of the error (e.g. how many of a wish are still wanted after a lost claim). */
  details?: Record<string, unknown>;
}

/** Converts any thrown error into an AppError (zod failures become VALIDATION with spec messages). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return error.cause;
    if (error.cause instanceof ZodError) {
      return new AppError('VALIDATION', { fieldErrors: fieldErrorsFromZod(error.cause) });
    }
    // tRPC's own refusals before a procedure runs (malformed JSON, a wrong method or media type).
    if (error.code === 'PARSE_ERROR' || error.code === 'UNSUPPORTED_MEDIA_TYPE')
      return new AppError('BAD_REQUEST', { message: error.message });
    const unavailable = databaseUnavailableError(error.cause);
    if (unavailable) return unavailable;
    const byTrpc = (Object.keys(APP_ERRORS) as TAppErrorCode[]).find((code) => APP_ERRORS[code].trpc === error.code);
    return new AppError(
      byTrpc ?? 'INTERNAL',
      byTrpc && byTrpc !== 'INTERNAL' ? { message: error.message } : { cause: error },
    );
  }
  if (error instanceof ZodError) return new AppError('VALIDATION', { fieldErrors: fieldErrorsFromZod(error) });
  return databaseUnavailableError(error) ?? new AppError('INTERNAL', { cause: error });
}

const t = initTRPC.context<TContext>().create({
  // Live streams (subscriptions over server-sent events): a ping keeps proxies and idle timeouts
  // from closing a quiet stream; the client reconnects (with its last event id) if pings stop.
  sse: {
    ping: { enabled: true, intervalMs: 15_000 },
    client: { reconnectAfterInactivityMs: 40_000 },
  },
  errorFormatter({ shape, error }) {
    const appError = toAppError(error);
    const data: TErrorShapeData & typeof shape.data = {
      ...shape.data,
      code: appError.trpcCode,
      httpStatus: appError.httpStatus,
      appCode: appError.code,
      ...(appError.fieldErrors ? { fieldErrors: appError.fieldErrors } : {}),
      ...(appError.retryAfter ? { retryAfter: appError.retryAfter } : {}),
      ...(appError.details ? { details: appError.details } : {}),
      stack: undefined,
    };
    return { ...shape, message: appError.message, data };
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

type TCall = { ctx: TContext; type: string; path: string };
type TNext<R> = () => Promise<R>;
type TResult = { ok: boolean; error?: unknown };

/**
 * While impersonating, support analysts may only look: every mutation is refused. Writes by
 * admins and leads go through; each one (and each refused or failed attempt) is audited with both
 * user ids and the reason.
 */
async function impersonationGuard<R extends TResult>({ ctx, type, path }: TCall, next: TNext<R>): Promise<R> {
  const identity = ctx.identity;
  if (!identity?.impersonatorUserId || type !== 'mutation') return next();
  if (!canWriteWhileImpersonating(identity.impersonatorRoles))
    await refuseImpersonatedWrite(ctx.db, {
      identity,
      action: path,
      ip: ctx.ip,
      message: READ_ONLY_IMPERSONATION_MESSAGE,
    });
  // Attempts that fail are audited too, marked as such: those answered with a failed result, and
  // those refused by a throw on the way (a rate limit, an idempotency key in use or malformed).
  const audit = (ok: boolean) =>
    auditImpersonatedWrite(ctx.db, {
      identity,
      sessionId: identity.impersonationSessionId,
      action: ok ? path : `failed:${path}`,
      ip: ctx.ip,
    });
  let result: R;
  try {
    result = await next();
  } catch (error) {
    await audit(false);
    throw error;
  }
  await audit(result.ok);
  return result;
}

/** Messages and invitations count against their request-rate policies (server/http/rate-limits.ts). */
async function rateLimits<R>({ ctx, path }: TCall, next: TNext<R>): Promise<R> {
  const policy = PROCEDURE_RATE_POLICIES[path];
  if (policy) {
    const retryAfter = await ctx.rateLimit(policy);
    if (retryAfter > 0) throw new AppError('RATE_LIMITED', { retryAfter });
  }
  return next();
}

/** An AppError as the TRPCError with the table's code (unchanged when it already has it). */
function withTableCode(error: unknown): unknown {
  if (error instanceof TRPCError && error.cause instanceof AppError && error.code !== error.cause.trpcCode)
    return new TRPCError({ code: error.cause.trpcCode, message: error.cause.message, cause: error.cause });
  if (error instanceof AppError) return new TRPCError({ code: error.trpcCode, message: error.message, cause: error });
  return error;
}

/**
 * What every procedure runs before its own code, in this order: AppErrors thrown anywhere below
 * become TRPCErrors with the table's code (so the typed caller, in tests and server-side calls,
 * sees the code HTTP clients get); the impersonation guard; the request-rate policies; and, for
 * creating writes with an `Idempotency-Key` (server/idempotency), one run per caller and key,
 * inside the transaction that records the key, retries getting the first answer.
 *
 * One middleware rather than four: tRPC copies the call's options into a new object for every
 * middleware it passes through, a measurable part of a read's CPU under `npm run bench:api`.
 */
const callChecks = t.middleware(async ({ ctx, type, path, getRawInput, next }) => {
  const call = { ctx, type, path };
  let result: Awaited<ReturnType<typeof next>>;
  try {
    result = await impersonationGuard(call, () =>
      rateLimits(call, async () => {
        if (type !== 'mutation' || ctx.idempotencyKey === null || !ctx.identity || !IDEMPOTENT_PROCEDURES.has(path))
          return next();
        // 400 for a malformed key (checked here, not in the context, so it answers as an AppError).
        const key = parseIdempotencyKey(ctx.idempotencyKey)!;
        const answer = await runIdempotent(
          ctx,
          { actorId: ctx.identity.userId, key, operation: path, payload: await getRawInput() },
          async (scope) => {
            const inner = await next({ ctx: scope });
            // A refused or failed write stores nothing: the transaction rolls back and a retry runs again.
            if (!inner.ok) throw inner.error;
            return { body: inner.data };
          },
        );
        return { ok: true as const, data: answer.body, marker: 'middlewareMarker' as never };
      }),
    );
  } catch (error) {
    throw withTableCode(error);
  }
  if (!result.ok) {
    const converted = withTableCode(result.error);
    if (converted !== result.error) throw converted;
  }
  return result;
});

export const publicProcedure = t.procedure.use(callChecks);

/** Requires any known identity (a floater included). */
export const knownProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.identity) throw new AppError('UNAUTHENTICATED');
  // Object.assign, not `{ ...ctx, identity, flags }` (slow on Node 20's V8: see createContextInner).
  return next({ ctx: Object.assign({}, ctx, { identity: ctx.identity, flags: deriveAuthFlags(ctx.identity) }) });
});

/** Requires a fully authenticated identity (ElfFullAuth). */
export const authedProcedure = knownProcedure.use(({ ctx, next }) => {
  if (!ctx.flags.isAuthenticated) throw new AppError('UNAUTHENTICATED');
  return next();
});

/** Requires one of the given roles (on the identity itself, not merged impersonator roles). */
export function roleProcedure(...roles: string[]) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!ctx.identity.roles.some((role) => roles.includes(role))) throw new AppError('FORBIDDEN');
    return next();
  });
}

/** Admin area: admin or impersonator-admin (spec §6). */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.flags.isAdmin && !ctx.flags.isImpersonatorAdmin) throw new AppError('FORBIDDEN');
  return next();
});
