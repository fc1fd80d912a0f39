/**
 * The wish form every wish screen shares (add a wish, confirm an imported page, edit a wish): its
 * string values, the mapping to the server's contract (ZWishCreate / ZWishUpdate), and its fields.
 */
import { Group, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { CURRENCIES, type TCurrency } from '../../../server/contracts/enums';
import { DEFAULT_WISH_PRIORITY, WISH_PRIORITIES, type TOwnWish } from '../../../server/contracts/wish-lists';
import type { TSchemaForm } from '../../kit/forms';
import { SelectField } from '../../kit/select-field';

export type TWishFormValues = {
  title: string;
  description: string;
  priceAmount: string;
  currency: string;
  merchant: string;
  quantity: string;
  url: string;
  imageUrl: string;
  priority: string;
  notes: string;
};

export function emptyWishValues(currency = 'USD'): TWishFormValues {
  return {
    title: '',
    description: '',
    priceAmount: '',
    currency,
    merchant: '',
    quantity: '1',
    url: '',
    imageUrl: '',
    priority: String(DEFAULT_WISH_PRIORITY),
    notes: '',
  };
}

/** The form's values for an existing wish (or an imported page, shaped like one). */
export function wishValuesOf(
  wish: Partial<
    Pick<
      TOwnWish,
      'title' | 'description' | 'price' | 'merchant' | 'quantity' | 'url' | 'imageUrl' | 'priority' | 'notes'
    >
  >,
  fallbackCurrency = 'USD',
): TWishFormValues {
  return {
    title: wish.title ?? '',
    description: wish.description ?? '',
    priceAmount: wish.price ? String(wish.price.amount) : '',
    currency: wish.price?.currency ?? fallbackCurrency,
    merchant: wish.merchant ?? '',
    quantity: String(wish.quantity ?? 1),
    url: wish.url ?? '',
    imageUrl: wish.imageUrl ?? '',
    priority: String(wish.priority ?? DEFAULT_WISH_PRIORITY),
    notes: wish.notes ?? '',
  };
}

/**
 * The contract's shape (without wishlistId/wishId): empty optional text is null, no price when no
 * amount. The form has checked the values against the contract before this reaches the server.
 */
export function wishInput(values: TWishFormValues) {
  const amount = values.priceAmount.trim();
  return {
    title: values.title,
    description: values.description || null,
    price: amount ? { amount, currency: values.currency as TCurrency } : null,
    merchant: values.merchant || null,
    quantity: values.quantity,
    url: values.url.trim() || null,
    imageUrl: values.imageUrl.trim() || null,
    priority: values.priority,
    notes: values.notes || null,
  };
}

/** Error paths of the contract back to the form's fields. */
export function wishFieldOf(path: string): string {
  if (path === 'price.amount' || path === 'price') return 'priceAmount';
  if (path === 'price.currency') return 'currency';
  return path;
}

const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const PRIORITY_OPTIONS = WISH_PRIORITIES.map((priority) => ({ value: String(priority.value), label: priority.label }));

export function WishFields<T extends TWishFormValues>({
  form,
  testIdPrefix = 'wish',
}: {
  form: TSchemaForm<T>;
  testIdPrefix?: string;
}) {
  const field = form.field;
  const id = (name: string) => `${testIdPrefix}-${name}`;
  return (
    <Stack gap="sm">
      <TextInput
        label="What do you wish for?"
        withAsterisk
        autoComplete="off"
        {...field('title')}
        data-testid={id('title')}
      />
      <Group align="flex-end" gap="sm" grow>
        <TextInput
          label="Price"
          inputMode="decimal"
          placeholder="25.00"
          {...field('priceAmount')}
          data-testid={id('price')}
        />
        <SelectField
          label="Currency"
          value={form.values.currency}
          options={CURRENCY_OPTIONS}
          onChange={(value) => form.set('currency', value)}
          data-testid={id('currency')}
        />
        <NumberInput
          label="How many"
          min={1}
          max={99}
          allowDecimal={false}
          value={form.values.quantity}
          error={form.errors.quantity}
          onChange={(value) => form.set('quantity', String(value))}
          data-testid={id('quantity')}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Shop" autoComplete="off" {...field('merchant')} data-testid={id('merchant')} />
        <SelectField
          label="How much do you want it?"
          value={form.values.priority}
          options={PRIORITY_OPTIONS}
          onChange={(value) => form.set('priority', value)}
          data-testid={id('priority')}
        />
      </SimpleGrid>
      <TextInput label="Link" type="url" placeholder="https://" {...field('url')} data-testid={id('url')} />
      <TextInput
        label="Picture link"
        type="url"
        placeholder="https://"
        {...field('imageUrl')}
        data-testid={id('image')}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={5}
        {...field('description')}
        data-testid={id('description')}
      />
      <Textarea
        label="Notes for givers"
        description="Size, colour, where to find it"
        autosize
        minRows={1}
        maxRows={4}
        {...field('notes')}
        data-testid={id('notes')}
      />
    </Stack>
  );
}
