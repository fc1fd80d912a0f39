/**
 * Date inputs of the screen kit: Mantine's DatePickerInput (dayjs underneath) with the product's
 * locale and first day of week, for forms such as an exchange's dates or a birthday. Its styles
 * load with the screens that use it.
 */
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';

export function DateField(props: DatePickerInputProps) {
  return <DatePickerInput valueFormat="MMM D, YYYY" firstDayOfWeek={0} clearable {...props} />;
}
