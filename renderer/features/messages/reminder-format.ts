/** Reminders in words: their kind, and when they are due. Pure (reminders-panel.tsx shows them). */
import type { TReminder } from '../../../server/contracts/social';
import { dateTimeFormat } from '../../kit/intl';

export const REMINDER_KIND_LABELS: Record<TReminder['kind'], string> = {
  rsvp: 'Invitation',
  draw: 'Draw names',
  'exchange-date': 'Exchange day',
  birthday: 'Birthday',
  'thank-you': 'Thank-you',
};

/** "Due today", "Due tomorrow", "Due Dec 3", "Was due Nov 20". */
export function dueLabel(dueOn: string, today: Date = new Date()): string {
  const [year, month, day] = dueOn.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return '';
  const due = Date.UTC(year, month - 1, day);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const days = Math.round((due - now) / 86_400_000);
  const date = dateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(due));
  if (days === 0) return 'Due today';
  if (days === 1) return 'Due tomorrow';
  return days < 0 ? `Was due ${date}` : `Due ${date}`;
}
