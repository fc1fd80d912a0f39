/**
 * Date inputs of the screen kit: Mantine's DatePickerInput (dayjs underneath) with the product's
 * locale and first day of week, for forms such as an exchange's dates or a birthday. Its styles
 * load with the screens that use it.
 */
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';

/** Names of the calendar's own buttons, for screen readers (a screen may pass its own). */
export const CALENDAR_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
  decadeLevelControl: 'Choose a decade',
};

/** The clear button says what it clears ("Clear exchange date"), unless the screen names it. */
export function DateField({ clearButtonProps, ...props }: DatePickerInputProps) {
  const clearName = typeof props.label === 'string' ? `Clear ${props.label.toLowerCase()}` : 'Clear the date';
  return (
    <DatePickerInput
      valueFormat="MMM D, YYYY"
      firstDayOfWeek={0}
      clearable
      ariaLabels={CALENDAR_LABELS}
      clearButtonProps={{ 'aria-label': clearName, ...clearButtonProps }}
      {...props}
    />
  );
}
