/**
 * tRPC context, split so tests build it directly (`createContextInner`) and the HTTP adapter wraps it.
 */
import type { TVerifiedIdentity } from '../auth/tokens';
import type { TAppDeps } from '../deps';

export interface TContext extends TAppDeps {
  identity: TVerifiedIdentity | null;
  /** Request metadata for audit logs and rate limits. */
  ip: string;
  userAgent: string;
}

export function createContextInner(
  input: TAppDeps & { identity?: TVerifiedIdentity | null; ip?: string; userAgent?: string },
): TContext {
  return {
    ...input,
    identity: input.identity ?? null,
    ip: input.ip ?? '127.0.0.1',
    userAgent: input.userAgent ?? 'test',
  };
}
