/**
 * Unsubscribing as mailbox providers require (RFC 2369 List-Unsubscribe, RFC 8058 one-click): every
 * notification and invitation mail names the kind of mail it is (`TMailList`) and carries a signed
 * link that turns off exactly that kind. The signature is an HMAC-SHA256 over the kind and the
 * subject (the member for a notification kind, the canonical address for invitations), keyed from
 * the server's token secret, so nobody can forge a link for somebody else. The links do not expire:
 * an unsubscribe link in an old mail must keep working.
 *
 * Hand-written on node:crypto like the e-mail action links (email-action-links.ts): what is signed
 * is the product's rule; the primitives (HMAC, timingSafeEqual) are the platform's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TConfig } from '../config';

/**
 * Each kind of mail one can turn off, and the member setting (contracts/people SETTING_KEYS) it
 * turns off; 'invitations' has no setting: its address goes on the suppression list instead
 * (invitations reach people who have no account).
 */
export const UNSUBSCRIBE_SETTINGS = {
  notifications: 'subscribeNotifcations',
  following: 'subscribeFollowingNotifications',
  'price-drops': 'subscribePriceDropNotifications',
} as const;
export type TSettingMailKind = keyof typeof UNSUBSCRIBE_SETTINGS;
export type TMailListKind = TSettingMailKind | 'invitations';

/** What kind of mail this is, for whom: what its unsubscribe link turns off. */
export type TMailList = { kind: TSettingMailKind; userId: string } | { kind: 'invitations'; email: string };

export const UNSUBSCRIBE_PATH = '/v1/email/unsubscribe';

/** How each kind is named to the person unsubscribing. */
export const KIND_LABELS: Record<TMailListKind, string> = {
  notifications: 'notification e-mails (gift exchanges, groups, messages, wish lists)',
  following: 'e-mails about the wish lists of people you follow',
  'price-drops': 'price-drop e-mails',
  invitations: 'invitations (gift exchanges and groups)',
};

function keyOf(config: Pick<TConfig, 'jwt'>): Buffer {
  const material = config.jwt.algorithm === 'HS256' ? config.jwt.secret : config.jwt.privateKey;
  return createHmac('sha256', material).update('gifting:unsubscribe:v1').digest();
}

function subjectOf(list: TMailList): string {
  return list.kind === 'invitations' ? list.email.toLowerCase() : list.userId;
}

function sign(config: Pick<TConfig, 'jwt'>, id: string): string {
  return createHmac('sha256', keyOf(config)).update(id).digest('base64url');
}

/** The link's two parameters: `id` (the kind and subject, base64url) and its signature `sig`. */
export function unsubscribeToken(config: Pick<TConfig, 'jwt'>, list: TMailList): { id: string; sig: string } {
  const id = Buffer.from(`${list.kind}\n${subjectOf(list)}`, 'utf8').toString('base64url');
  return { id, sig: sign(config, id) };
}

export function unsubscribeUrl(config: Pick<TConfig, 'jwt' | 'publicUrl'>, list: TMailList): string {
  const { id, sig } = unsubscribeToken(config, list);
  return `${config.publicUrl}${UNSUBSCRIBE_PATH}?${new URLSearchParams({ id, sig }).toString()}`;
}

/** The mailbox of the From address's domain, for the List-Unsubscribe mailto (RFC 2369). */
export function unsubscribeMailto(config: Pick<TConfig, 'jwt' | 'mailFrom'>, list: TMailList): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'localhost';
  const { id, sig } = unsubscribeToken(config, list);
  return `mailto:unsubscribe@${domain}?subject=${encodeURIComponent(`unsubscribe ${id}.${sig}`)}`;
}

/** The headers of a mail of this kind: List-Unsubscribe (https and mailto) and one-click. */
export function listUnsubscribeHeaders(
  config: Pick<TConfig, 'jwt' | 'publicUrl' | 'mailFrom'>,
  list: TMailList,
): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(config, list)}>, <${unsubscribeMailto(config, list)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** Reads a link back: the kind and subject when the signature holds (constant-time), else null. */
export function checkUnsubscribeToken(
  config: Pick<TConfig, 'jwt'>,
  input: { id?: string; sig?: string },
): TMailList | null {
  if (!input.id || !input.sig || input.id.length > 600 || input.sig.length > 100) return null;
  const expected = Buffer.from(sign(config, input.id));
  const given = Buffer.from(input.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [kind, subject, ...rest] = Buffer.from(input.id, 'base64url').toString('utf8').split('\n');
  if (!subject || rest.length > 0) return null;
  if (kind === 'invitations') return { kind, email: subject };
  if (kind && kind in UNSUBSCRIBE_SETTINGS) return { kind: kind as TSettingMailKind, userId: subject };
  return null;
}
