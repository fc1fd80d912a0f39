/**
 * In-app notifications: rows a member reads in the app. Kinds so far: 'price-drop' and
 * 'wish-list-request'; the social domain adds the rest and the screens that list them.
 */
import { randomUUID } from 'node:crypto';
import type { TDb } from '../../db/client';

/** 'exchange': an exchange event for one person (drawn, redrawn, reminders, messages, thank-yous). */
export type TNotificationKind = 'price-drop' | 'wish-list-request' | 'exchange';

export async function createNotification(
  db: Pick<TDb, 'notification'>,
  input: { userId: string; kind: TNotificationKind; payload: Record<string, unknown> },
): Promise<string> {
  const id = randomUUID();
  await db.notification.create({
    data: { id, userId: input.userId, kind: input.kind, payload: JSON.stringify(input.payload) },
  });
  return id;
}

export interface TNotificationOut {
  notificationId: string;
  kind: string;
  payload: Record<string, unknown>;
  createdAt: string;
  isRead: boolean;
}

export async function listNotifications(db: TDb, userId: string, limit = 50): Promise<TNotificationOut[]> {
  const rows = await db.notification.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, take: limit });
  return rows.map((row) => ({
    notificationId: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
  }));
}
