/** A birthday in words, and its parts as the profile forms hold them (month and day, no year). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export function formatBirthday(birthday: { month: number; day: number }): string {
  return `${MONTHS[birthday.month - 1] ?? ''} ${birthday.day}`.trim();
}

/** Form values of a birthday (two number inputs) → the contract's shape. */
export function birthdayInput(month: string, day: string): { month: number | null; day: number | null } | undefined {
  if (!month.trim() && !day.trim()) return undefined;
  const toNumber = (value: string): number | null => (value.trim() ? Number(value) : null);
  return { month: toNumber(month), day: toNumber(day) };
}

/** The form field of a contract's error path: the birthday's parts have their own inputs. */
export function birthdayField(path: string): string {
  if (path === 'birthday.month') return 'birthdayMonth';
  if (path === 'birthday.day') return 'birthdayDay';
  return path;
}
