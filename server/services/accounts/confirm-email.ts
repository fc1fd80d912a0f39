import { canonicalEmail } from '../../contracts/email-identity';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { revokeAllFamilies } from '../../auth/sessions';
import { absorbAccount } from './absorb-account';
import { assertCodeAccepted, consumeCode, consumeLinkToken } from './email-tokens';

/**
 * Marks the e-mail confirmed, then claims the floaters invited at this address: the member has now
 * proved the mailbox, so what was sent to it becomes theirs (never before: a sign-up alone proves
 * nothing). Each floater is absorbed into the account in one transaction and its sign-ins end.
 */
async function markConfirmed(deps: TAppDeps, userId: string, email: string): Promise<{ claimedFloaterIds: string[] }> {
  // The code or link was made for the address the account still has (compared on its identity).
  const canonical = canonicalEmail(email);
  if (!canonical) return { claimedFloaterIds: [] };
  const confirmed = await deps.db.user.updateMany({
    where: { id: userId, emailCanonical: canonical, deletedAt: null },
    data: { emailConfirmedAt: new Date() },
  });
  if (confirmed.count === 0) return { claimedFloaterIds: [] };
  const account = await deps.db.user.findUnique({ where: { id: userId }, select: { registeredEmail: true } });
  if (!account?.registeredEmail) return { claimedFloaterIds: [] };
  // Floaters invited at exactly this address (its canonical form, byte for byte: a look-alike
  // domain such as gmáil.com for gmail.com is another address and claims nothing).
  const floaters = await deps.db.user.findMany({
    where: {
      emailCanonical: account.registeredEmail,
      id: { not: userId },
      deletedAt: null,
      registeredEmail: null,
      credential: { is: null },
      externalIdentities: { none: {} },
    },
    select: { id: true },
  });
  if (floaters.length === 0) return { claimedFloaterIds: [] };
  await deps.db.$transaction(async (tx) => {
    for (const floater of floaters)
      await absorbAccount(tx, { fromUserId: floater.id, intoUserId: userId, action: 'account.floater-claimed' });
  });
  for (const floater of floaters) await revokeAllFamilies(deps, floater.id, 'claimed');
  return { claimedFloaterIds: floaters.map((floater) => floater.id) };
}

/** Confirms the signed-in member's e-mail with the six-digit code. */
export async function confirmEmailByCode(
  deps: TAppDeps,
  { userId, code }: { userId: string; code: string },
): Promise<{ claimedFloaterIds: string[] }> {
  const user = await deps.db.user.findUnique({ where: { id: userId } });
  if (!user?.email) throw new AppError('NOT_FOUND');
  if (user.emailConfirmedAt) return { claimedFloaterIds: [] };
  const result = await consumeCode(deps.db, userId, code);
  assertCodeAccepted(result);
  return markConfirmed(deps, userId, result.email);
}

/** Confirms an e-mail from the mailed link; returns the member, or null for a bad or used link. */
export async function confirmEmailByLink(deps: TAppDeps, token: string): Promise<{ userId: string } | null> {
  const claimed = await consumeLinkToken(deps.db, 'confirm-link', token);
  if (!claimed) return null;
  await markConfirmed(deps, claimed.userId, claimed.email);
  return { userId: claimed.userId };
}
