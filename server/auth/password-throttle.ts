/**
 * The one throttle in front of every password check (log-in, merge, change password or e-mail),
 * so that guessing through any of them counts against the same limits (ASVS 6.3.1). Counters are
 * keyed on the account the check is about (its id, never the e-mail as typed: case, accent and
 * width variants of an address find the same account and the same counter), and on the client:
 * - account + client: after LOGIN_MAX_FAILURES wrong passwords that client waits, twice as long
 *   after each further failure. Another client (the real owner) is not affected;
 * - client: LOGIN_MAX_FAILURES_PER_ADDRESS across all accounts (one client trying many accounts);
 * - account: LOGIN_MAX_FAILURES_PER_ACCOUNT from all clients (many clients guessing one account);
 *   then clients that have failed for that account wait too, while a client that has not failed
 *   still gets through with the right password, so an attacker cannot lock the owner out.
 */
import type { TAppDeps } from '../deps';
import { AppError } from '../errors';

/** The counter subject for a check about a known account. */
export const accountSubject = (userId: string): string => `user:${userId}`;

/**
 * The counter subject for an address no account holds: folded further than identity (case, accents
 * and width), so guesses at look-alike variants of one address share one counter. Which account an
 * address belongs to is decided on its canonical form (contracts/email-identity.ts), never this.
 */
export function unknownEmailSubject(email: string): string {
  const folded = email.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return `email:${folded}`;
}

export const THROTTLED_MESSAGE = 'Too many failed log-ins; please wait and try again';

/**
 * Runs `check` (a password verification) unless the client must wait (429 with Retry-After), and
 * counts a failure when it answers false.
 */
export async function throttledPasswordCheck(
  deps: Pick<TAppDeps, 'limits'>,
  input: { subject: string; ip: string; check: () => Promise<boolean>; message?: string },
): Promise<boolean> {
  const { loginAccountClient, loginAccount, loginAddress } = deps.limits;
  const pairKey = `login:${input.subject}:client:${input.ip}`;
  const accountKey = `login:${input.subject}`;
  const addressKey = `login:client:${input.ip}`;
  const [pairWait, addressWait, pairFailures] = await Promise.all([
    loginAccountClient.retryAfter(pairKey),
    loginAddress.retryAfter(addressKey),
    loginAccountClient.count(pairKey),
  ]);
  let retryAfter = Math.max(pairWait, addressWait);
  if (!retryAfter && pairFailures > 0) retryAfter = await loginAccount.retryAfter(accountKey);
  if (retryAfter > 0) throw new AppError('RATE_LIMITED', { message: input.message ?? THROTTLED_MESSAGE, retryAfter });

  const ok = await input.check();
  if (ok) {
    await loginAccountClient.reset(pairKey);
  } else {
    await Promise.all([
      loginAccountClient.record(pairKey),
      loginAccount.record(accountKey),
      loginAddress.record(addressKey),
    ]);
  }
  return ok;
}
