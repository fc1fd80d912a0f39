/**
 * The exchange's fields as the generator asks them, shared by the classic steps and the light
 * flow's details step: a date (today or later), the budget, how gifts are exchanged, and whether
 * the organizer draws too. Each is bound to a step form from useDraftForm.
 */
import { Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import { CURRENCIES } from '../../../../server/contracts/enums';
import {
  DELIVERY_TYPE_LABELS,
  DELIVERY_TYPES,
  EXCHANGE_TITLE_MAX,
  GAME_TYPE_DESCRIPTIONS,
  GAME_TYPE_LABELS,
  GAME_TYPES,
} from '../../../../server/contracts/exchange-values';
import { DateField } from '../../../kit/date-field';
import type { TSchemaForm } from '../../../kit/forms';
import { SelectField } from '../../../kit/select-field';
import type { TDetailValues } from './draft-form';

/** Today in the person's own time zone, as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

const CALENDAR_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

/** A step form that has (at least) these fields. */
type TFormWith<K extends keyof TDetailValues> = TSchemaForm<Pick<TDetailValues, K>>;

export function TitleField({ form, placeholder }: { form: TFormWith<'title'>; placeholder?: string }) {
  return (
    <TextInput
      label="Exchange name"
      placeholder={placeholder}
      required
      maxLength={EXCHANGE_TITLE_MAX}
      {...form.field('title')}
      data-testid="draft-title"
    />
  );
}

export function DraftDateField<N extends 'signUpDate' | 'exchangeDate'>({
  form,
  name,
  label,
  description,
  required = false,
}: {
  form: TFormWith<N>;
  name: N;
  label: string;
  description?: string;
  required?: boolean;
}) {
  const value = form.values[name];
  return (
    <DateField
      label={label}
      description={description}
      required={required}
      clearable={!required}
      minDate={todayIso()}
      value={value || null}
      onChange={(next) => form.set(name, typeof next === 'string' ? next : '')}
      error={form.errors[name]}
      ariaLabels={CALENDAR_LABELS}
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      data-testid={`draft-${name}`}
    />
  );
}

export function BudgetFields({ form }: { form: TFormWith<'budgetAmount' | 'budgetCurrency'> }) {
  return (
    <Group grow align="flex-start">
      <TextInput
        label="Budget per gift"
        description="0 for no budget."
        inputMode="decimal"
        {...form.field('budgetAmount')}
        data-testid="draft-budget-amount"
      />
      <Stack gap={4}>
        <SelectField
          label="Currency"
          value={form.values.budgetCurrency}
          onChange={(value) => form.set('budgetCurrency', value)}
          options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
          data-testid="draft-budget-currency"
        />
      </Stack>
    </Group>
  );
}

export function DeliveryTypeField({ form }: { form: TFormWith<'deliveryType'> }) {
  return (
    <Radio.Group
      label="How are gifts exchanged?"
      value={form.values.deliveryType}
      onChange={(value) => form.set('deliveryType', value)}
      error={form.errors.deliveryType}
      data-testid="draft-delivery-type"
    >
      <Stack gap="xs" mt="xs">
        {DELIVERY_TYPES.map((type) => (
          <Radio
            key={type}
            value={type}
            label={DELIVERY_TYPE_LABELS[type]}
            description={
              type === 'inPerson'
                ? 'Everyone meets and swaps gifts at a party.'
                : 'Givers send their gift to the address their person gives.'
            }
            data-testid={`draft-delivery-${type}`}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

export function OrganizerTakesPartField({ form }: { form: TFormWith<'organizerParticipates'> }) {
  return (
    <Checkbox
      label="I take part in the draw too"
      description="Untick it to organize without giving or receiving a gift."
      checked={form.values.organizerParticipates === 'true'}
      onChange={(event) => form.set('organizerParticipates', event.currentTarget.checked ? 'true' : 'false')}
      error={form.errors.organizerParticipates}
      data-testid="draft-organizer-participates"
    />
  );
}

/** Secret Santa, or a party game (White Elephant, Yankee Swap) with a random turn order instead of a draw. */
export function GameTypeField({ form }: { form: TFormWith<'gameType'> }) {
  return (
    <Radio.Group
      label="Which game?"
      value={form.values.gameType}
      onChange={(value) => form.set('gameType', value)}
      error={form.errors.gameType}
      data-testid="draft-game-type"
    >
      <Stack gap="xs" mt="xs">
        {GAME_TYPES.map((type) => (
          <Radio
            key={type}
            value={type}
            label={GAME_TYPE_LABELS[type]}
            description={GAME_TYPE_DESCRIPTIONS[type]}
            data-testid={`draft-game-${type}`}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
