/**
 * The signed one-click links of e-mails (spec §2 e-mail actions): an HMAC-SHA256 over the action,
 * the subject, the addressee and the expiry, keyed from the server's token secret. Acting on them
 * is email-actions.ts; this module only makes and checks them, so any mail can carry one.
 *
 * Hand-written on node:crypto on purpose: what is signed is the spec's rule; the primitives (HMAC,
 * timingSafeEqual) are the platform's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TConfig } from '../../config';
import type { TEmailAction } from '../../contracts/social';

/** How long an e-mail action link acts on its own. */
export const EMAIL_ACTION_TTL_SECONDS = 30 * 86_400;

const PATHS: Record<TEmailAction, string> = {
  follow: '/actions/follow/',
  unfollow: '/actions/unfollow/',
  'topic-unsubscribe': '/actions/topic-unsubscribe/',
};

function keyOf(config: Pick<TConfig, 'jwt'>): Buffer {
  const material = config.jwt.algorithm === 'HS256' ? config.jwt.secret : config.jwt.privateKey;
  return createHmac('sha256', material).update('gifting:email-actions:v1').digest();
}

function signatureOf(config: Pick<TConfig, 'jwt'>, action: string, subjectId: string, userId: string, expires: string) {
  return createHmac('sha256', keyOf(config))
    .update(`${action}\n${subjectId}\n${userId}\n${expires}`)
    .digest('base64url');
}

/** The absolute, signed address of an e-mail action for the person the e-mail goes to. */
export function emailActionUrl(
  config: Pick<TConfig, 'jwt' | 'publicUrl'>,
  input: { action: TEmailAction; subjectId: string; userId: string; now?: Date; ttlSeconds?: number },
): string {
  const expires = String(
    Math.floor((input.now ?? new Date()).getTime() / 1000) + (input.ttlSeconds ?? EMAIL_ACTION_TTL_SECONDS),
  );
  const signature = signatureOf(config, input.action, input.subjectId, input.userId, expires);
  const query = new URLSearchParams({ u: input.userId, e: expires, s: signature });
  return `${config.publicUrl}${PATHS[input.action]}${input.subjectId}/?${query.toString()}`;
}

export type TLinkCheck = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a link's signature and expiry (constant-time comparison). */
export function checkEmailActionLink(
  config: Pick<TConfig, 'jwt'>,
  input: { action: TEmailAction; subjectId: string; u?: string; e?: string; s?: string },
  now = new Date(),
): TLinkCheck {
  if (!input.u || !input.e || !input.s || !/^\d{1,12}$/.test(input.e)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signatureOf(config, input.action, input.subjectId, input.u, input.e));
  const given = Buffer.from(input.s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  if (Number(input.e) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: input.u };
}
