/**
 * The one-click unsubscribe (RFC 8058) behind every notification and invitation mail's
 * List-Unsubscribe link: no sign-in, the link's signature is the authority (mail/unsubscribe.ts).
 * A notification kind turns the member's setting off; 'invitations' puts the address on the
 * suppression list, so later invitations to it are not sent and the organizer sees why.
 */
import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { suppressAddress } from '../../mail/deliverability';
import { checkUnsubscribeToken, KIND_LABELS, UNSUBSCRIBE_SETTINGS } from '../../mail/unsubscribe';
import { ensureSettings } from '../people/settings';

export interface TUnsubscribeOutcome {
  kind: keyof typeof KIND_LABELS;
  label: string;
}

/** What the link would turn off (for the confirmation page of a GET); 400 for a forged link. */
export function readUnsubscribeLink(
  config: Pick<TConfig, 'jwt'>,
  input: { id?: string; sig?: string },
): TUnsubscribeOutcome {
  const list = checkUnsubscribeToken(config, input);
  if (!list) throw new AppError('BAD_REQUEST', { message: 'This unsubscribe link is not valid' });
  return { kind: list.kind, label: KIND_LABELS[list.kind] };
}

export async function unsubscribe(
  deps: { db: TDb; config: Pick<TConfig, 'jwt'> },
  input: { id?: string; sig?: string },
): Promise<TUnsubscribeOutcome> {
  const list = checkUnsubscribeToken(deps.config, input);
  if (!list) throw new AppError('BAD_REQUEST', { message: 'This unsubscribe link is not valid' });
  if (list.kind === 'invitations') {
    await suppressAddress(deps.db, { email: list.email, reason: 'no-invitations', detail: 'unsubscribe link' });
  } else {
    const user = await deps.db.user.findUnique({ where: { id: list.userId }, select: { id: true } });
    // A deleted account gets no mail anyway: the answer is the same, nothing to change.
    if (user) {
      await ensureSettings(deps.db, user.id);
      await deps.db.userSettings.update({
        where: { userId: user.id },
        data: { [UNSUBSCRIBE_SETTINGS[list.kind]]: false },
      });
    }
  }
  return { kind: list.kind, label: KIND_LABELS[list.kind] };
}
