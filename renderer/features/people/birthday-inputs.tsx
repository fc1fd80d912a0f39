import { Group, NativeSelect } from '@mantine/core';
import { BIRTHDAY_MONTH_DAYS } from '../../../server/contracts/validation-values';
import { MONTHS } from './birthdays';

/** One part of the birthday as the form holds it: its value ('' when not chosen) and its error. */
interface TBirthdayPart {
  value: string;
  error?: string | undefined;
}

/**
 * The birthday's month and day pickers (profile and add-a-child forms): the month by name, and
 * only the days that month has (February keeps the 29th: a leap-day birthday is a birthday).
 * Native selects, so every device offers its own picker and screen readers read them as lists.
 * Choosing a month whose length is shorter than the chosen day clears the day, so the form never
 * holds a date the pickers cannot show; the spec §5 messages still come from the contract.
 */
export function BirthdayInputs({
  month,
  day,
  onChange,
  optional = false,
  testIdPrefix,
}: {
  month: TBirthdayPart;
  day: TBirthdayPart;
  onChange: (part: 'birthdayMonth' | 'birthdayDay', value: string) => void;
  optional?: boolean;
  testIdPrefix: string;
}) {
  const suffix = optional ? ' (optional)' : '';
  const monthNumber = Number(month.value);
  const length = monthNumber >= 1 && monthNumber <= 12 ? BIRTHDAY_MONTH_DAYS[monthNumber - 1]! : 31;
  const days = Array.from({ length }, (_, index) => String(index + 1));
  // A day the month's list does not have (a stored 31 under a month just changed) still shows.
  if (day.value && !days.includes(day.value)) days.push(day.value);
  return (
    <Group grow align="flex-start">
      <NativeSelect
        label={`Birthday month${suffix}`}
        value={month.value}
        error={month.error}
        data={[
          { value: '', label: 'Month' },
          ...MONTHS.map((name, index) => ({ value: String(index + 1), label: name })),
        ]}
        onChange={(event) => {
          const next = event.currentTarget.value;
          onChange('birthdayMonth', next);
          const nextLength = next ? BIRTHDAY_MONTH_DAYS[Number(next) - 1] : undefined;
          if (nextLength !== undefined && Number(day.value) > nextLength) onChange('birthdayDay', '');
        }}
        data-testid={`${testIdPrefix}-birthday-month`}
      />
      <NativeSelect
        label={`Birthday day${suffix}`}
        value={day.value}
        error={day.error}
        data={[{ value: '', label: 'Day' }, ...days.map((value) => ({ value, label: value }))]}
        onChange={(event) => onChange('birthdayDay', event.currentTarget.value)}
        data-testid={`${testIdPrefix}-birthday-day`}
      />
    </Group>
  );
}
