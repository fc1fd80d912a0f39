/** Staff notes on an exchange (viewexchangedetails, notes): only staff read them; adding one is audited. */
import { randomUUID } from 'node:crypto';
import type { TAdminNote } from '../../contracts/admin';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { peopleByIds, requireActing, writeStaffAudit, type TStaffActor } from './staff-access';

export async function listStaffNotes(db: TDb, input: { exchangeId: string }): Promise<TAdminNote[]> {
  if ((await db.exchange.count({ where: { id: input.exchangeId } })) === 0)
    throw new AppError('NOT_FOUND', { message: 'No exchange with that id' });
  const notes = await db.exchangeStaffNote.findMany({
    where: { exchangeId: input.exchangeId },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
  });
  const authors = await peopleByIds(
    db,
    notes.map((note) => note.authorUserId),
  );
  return notes.map((note) => ({
    noteId: note.id,
    author: authors.get(note.authorUserId) ?? { userId: note.authorUserId, displayName: 'Former staff', email: null },
    body: note.body,
    createdAt: note.createdAt.toISOString(),
  }));
}

export async function addStaffNote(
  db: TDb,
  actor: TStaffActor,
  input: { exchangeId: string; body: string },
): Promise<TAdminNote> {
  requireActing(actor);
  const exchange = await db.exchange.findUnique({ where: { id: input.exchangeId }, select: { organizerId: true } });
  if (!exchange) throw new AppError('NOT_FOUND', { message: 'No exchange with that id' });
  const note = await db.$transaction(async (tx) => {
    const created = await tx.exchangeStaffNote.create({
      data: { id: randomUUID(), exchangeId: input.exchangeId, authorUserId: actor.staffUserId, body: input.body },
    });
    await writeStaffAudit(tx, actor, {
      action: 'admin.exchange-note',
      subjectUserId: exchange.organizerId,
      reason: null,
      details: { exchangeId: input.exchangeId, noteId: created.id },
    });
    return created;
  });
  const authors = await peopleByIds(db, [actor.staffUserId]);
  return {
    noteId: note.id,
    author: authors.get(actor.staffUserId)!,
    body: note.body,
    createdAt: note.createdAt.toISOString(),
  };
}
