/** The exchange's activity log: every state change is one event (never a pairing). */
import type { TVerifiedIdentity } from '../../auth/tokens';
import { displayName } from '../../contracts/identity';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { PERSON_SELECT } from '../people/access';
import { accessExchange } from './access';

export type TEventKind =
  | 'created'
  | 'updated'
  | 'settings-changed'
  | 'invited'
  | 'joined'
  | 'accepted'
  | 'declined'
  | 'drawn'
  | 'redrawn'
  | 'latecomers-drawn'
  | 'auto-draw-failed'
  | 'participant-removed'
  | 'participant-replaced'
  | 'assistant-added'
  | 'assistant-removed'
  | 'disqualified'
  | 'restored'
  | 'restrictions-changed'
  | 'questions-changed'
  | 'answer-flagged'
  | 'exchanged'
  | 'archived'
  | 'thanked'
  | 'turn-order-drawn'
  | 'turn-order-redrawn'
  | 'wall-post-removed';

export async function recordEvent(
  db: Pick<TDb, 'exchangeEvent'>,
  input: { exchangeId: string; actorId: string | null; kind: TEventKind; details?: Record<string, unknown> },
): Promise<void> {
  await db.exchangeEvent.create({
    data: {
      exchangeId: input.exchangeId,
      actorId: input.actorId,
      kind: input.kind,
      details: input.details ? JSON.stringify(input.details) : null,
    },
  });
}

/** The draw's visibility, fixed when the names are drawn and stated to everyone in it. */
export function drawVisibilitySentence(visible: boolean): string {
  return visible ? 'The organizer can see who drew whom' : 'The organizer cannot see who drew whom';
}

function drawVisibility(details: Record<string, unknown>): string {
  return typeof details.visibleToOrganizer === 'boolean'
    ? ` (${drawVisibilitySentence(details.visibleToOrganizer).toLowerCase()})`
    : '';
}

function describe(kind: string, details: Record<string, unknown>): string {
  const name = typeof details.name === 'string' ? details.name : 'someone';
  const count = typeof details.count === 'number' ? details.count : 0;
  switch (kind) {
    case 'created':
      return 'created the exchange';
    case 'updated':
      return 'changed the exchange details';
    case 'settings-changed':
      return details.drawMadeSecret === true
        ? 'changed the settings: the organizer can no longer see who drew whom'
        : 'changed the settings';
    case 'invited':
      return `invited ${count} ${count === 1 ? 'person' : 'people'}`;
    case 'joined':
      return 'joined with the sign-up link';
    case 'accepted':
      return 'is taking part';
    case 'declined':
      return 'declined';
    case 'drawn':
      if (details.automatic === true)
        return `Names were drawn automatically after the sign-up date for ${count} people${drawVisibility(details)}`;
      return `drew names for ${count} people${drawVisibility(details)}`;
    case 'redrawn':
      return `drew names again for ${count} people; everyone was told${drawVisibility(details)}`;
    case 'latecomers-drawn':
      return `drew ${count} ${count === 1 ? 'latecomer' : 'latecomers'} into the draw; ${typeof details.changed === 'number' ? details.changed : 0} other givers' recipients changed and only they were told`;
    case 'auto-draw-failed':
      // The reason names people and restrictions: it goes to the organizer only (mail, bell).
      return 'The names could not be drawn automatically after the sign-up date; the organizer was told why';
    case 'participant-removed':
      return `removed ${name}`;
    case 'participant-replaced':
      return `replaced ${name} with ${typeof details.replacement === 'string' ? details.replacement : 'someone'}`;
    case 'assistant-added':
      return `made ${name} an assistant`;
    case 'assistant-removed':
      return `removed ${name} as an assistant`;
    case 'disqualified':
      return `disqualified ${name}`;
    case 'restored':
      return `restored ${name}`;
    case 'restrictions-changed':
      return `changed who ${name} may draw`;
    case 'questions-changed':
      return 'changed the ice-breaker questions';
    case 'answer-flagged':
      return 'reported an ice-breaker answer';
    case 'exchanged':
      return 'The exchange date has come: time to say thank you';
    case 'archived':
      return 'archived the exchange';
    case 'thanked':
      return 'said thank you';
    case 'turn-order-drawn':
      return details.atParty === true
        ? `The turn order was drawn at the party time for ${count} people`
        : `drew the turn order for ${count} people`;
    case 'turn-order-redrawn':
      return `drew the turn order again for ${count} people; everyone was told`;
    case 'wall-post-removed':
      return 'removed a post from the wall';
    default:
      return kind;
  }
}

export async function listActivity(deps: Pick<TAppDeps, 'db'>, identity: TVerifiedIdentity | null, exchangeId: string) {
  await accessExchange(deps.db, identity, exchangeId);
  const rows = await deps.db.exchangeEvent.findMany({
    where: { exchangeId },
    orderBy: { id: 'desc' },
    take: 200,
  });
  const actorIds = [...new Set(rows.map((row) => row.actorId).filter((id): id is string => Boolean(id)))];
  const actors = new Map(
    (await deps.db.user.findMany({ where: { id: { in: actorIds } }, select: PERSON_SELECT })).map((person) => [
      person.id,
      person.deletedAt ? 'Former member' : displayName(person),
    ]),
  );
  return rows.map((row) => {
    const details = row.details ? (JSON.parse(row.details) as Record<string, unknown>) : {};
    return {
      eventId: String(row.id),
      kind: row.kind,
      actorName: row.actorId ? (actors.get(row.actorId) ?? null) : null,
      text: describe(row.kind, details),
      createdAt: row.createdAt.toISOString(),
    };
  });
}
