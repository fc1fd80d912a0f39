/**
 * What may be mailed (issue 29): the suppression list (email_suppressions) and the members' mail
 * settings, read by the mailer before every send, and the bounce record it writes on a permanent
 * refusal. Also what the organizer is shown per address ("This address bounced", "Doesn't accept
 * invitations").
 */
import type { TConfig } from '../config';
import { canonicalEmail } from '../contracts/email-identity';
import type { TDb } from '../db/client';
import type { TMail, TMailPolicy } from './mailer';
import { listUnsubscribeHeaders, UNSUBSCRIBE_SETTINGS } from './unsubscribe';

export type TSuppressionReason = 'bounced' | 'no-invitations';
/** What the organizer sees about an address: it bounced, or its owner asked for no invitations. */
export type TDeliveryProblem = TSuppressionReason | null;

type TSuppressionDb = Pick<TDb, 'emailSuppression'>;

export async function suppressAddress(
  db: TSuppressionDb,
  input: { email: string; reason: TSuppressionReason; detail?: string | null },
): Promise<void> {
  const canonical = canonicalEmail(input.email);
  if (!canonical) return;
  // Insert-or-keep decided by the primary key: concurrent bounces of one address never fail.
  await db.emailSuppression.createMany({
    data: [{ emailCanonical: canonical, reason: input.reason, detail: input.detail ?? null }],
    skipDuplicates: true,
  });
}

/** The problem of each address (bounced wins over no-invitations), keyed by canonical address. */
export async function deliveryProblems(
  db: TSuppressionDb,
  emails: (string | null)[],
): Promise<Map<string, TDeliveryProblem>> {
  const canonical = [
    ...new Set(emails.map((email) => (email ? canonicalEmail(email) : null)).filter((e) => e !== null)),
  ];
  const found = new Map<string, TDeliveryProblem>();
  if (canonical.length === 0) return found;
  const rows = await db.emailSuppression.findMany({
    where: { emailCanonical: { in: canonical } },
    select: { emailCanonical: true, reason: true },
  });
  for (const row of rows) {
    if (row.reason === 'bounced' || !found.has(row.emailCanonical))
      found.set(row.emailCanonical, row.reason as TSuppressionReason);
  }
  return found;
}

export function problemOf(problems: Map<string, TDeliveryProblem>, email: string | null): TDeliveryProblem {
  const canonical = email ? canonicalEmail(email) : null;
  return canonical ? (problems.get(canonical) ?? null) : null;
}

export function createMailPolicy(
  db: Pick<TDb, 'emailSuppression' | 'userSettings'>,
  config: Pick<TConfig, 'jwt' | 'publicUrl' | 'mailFrom'>,
): TMailPolicy {
  return {
    async allows(mail: TMail) {
      const canonical = canonicalEmail(mail.to);
      if (canonical) {
        const reasons: TSuppressionReason[] =
          mail.list?.kind === 'invitations' ? ['bounced', 'no-invitations'] : ['bounced'];
        const suppressed = await db.emailSuppression.findFirst({
          where: { emailCanonical: canonical, reason: { in: reasons } },
          select: { reason: true },
        });
        if (suppressed) return false;
      }
      if (mail.list && mail.list.kind !== 'invitations') {
        const setting = UNSUBSCRIBE_SETTINGS[mail.list.kind];
        const row = await db.userSettings.findUnique({
          where: { userId: mail.list.userId },
          select: { [setting]: true },
        });
        if (row && (row as Record<string, boolean>)[setting] === false) return false;
      }
      return true;
    },
    headers(mail: TMail) {
      return mail.list ? listUnsubscribeHeaders(config, mail.list) : {};
    },
    async refused(mail: TMail, detail: string) {
      await suppressAddress(db, { email: mail.to, reason: 'bounced', detail });
    },
  };
}

/** The organizer corrected an address (or the person fixed it): mail may go there again. */
export async function clearBounce(db: TSuppressionDb, email: string): Promise<void> {
  const canonical = canonicalEmail(email);
  if (canonical) await db.emailSuppression.deleteMany({ where: { emailCanonical: canonical, reason: 'bounced' } });
}
