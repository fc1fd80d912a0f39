/**
 * The two forms of the wish-list domain, checked by the server's own zod schemas (spec §5
 * messages): a list (title, description, who can see it, event date, default) and a wish (title,
 * price and currency, shop, quantity, links, priority, notes, description).
 */
import { Button, Checkbox, Group, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { CURRENCIES } from '../../../server/contracts/enums';
import { ZWishCreate, ZWishListCreate, ZWishListUpdate } from '../../../server/contracts/wish-lists';
import {
  DEFAULT_WISH_PRIORITY,
  WISH_LIST_PRIVACY,
  WISH_LIST_PRIVACY_LABELS,
  WISH_PRIORITIES,
  WISH_QUANTITY_MAX,
} from '../../../server/contracts/wish-list-values';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';
import { SelectField } from '../../kit/select-field';
import { trpc } from '../../trpc';
import type { TWishListSummary } from './wish-list-parts';

// ---- Lists ----

export type TListValues = {
  title: string;
  description: string;
  privacy: string;
  /** The exchange whose participants see the list (privacy 'exchange'), else ''. */
  exchangeId: string;
  eventDate: string;
  isDefault: string;
};

export function listValues(list?: TWishListSummary): TListValues {
  return {
    title: list?.title ?? '',
    description: list?.description ?? '',
    privacy: list?.privacy ?? 'public',
    exchangeId: list?.exchangeId ?? '',
    eventDate: list?.eventDate ?? '',
    isDefault: list?.isDefault ? 'true' : 'false',
  };
}

/** The contract's shape (without ownerId/wishlistId): empty optional text is null. */
export function listInput(values: TListValues) {
  return {
    title: values.title,
    description: values.description.trim() ? values.description : null,
    privacy: values.privacy as (typeof WISH_LIST_PRIVACY)[number],
    exchangeId: values.privacy === 'exchange' && values.exchangeId ? values.exchangeId : null,
    eventDate: values.eventDate || null,
    isDefault: values.isDefault === 'true',
  };
}

/**
 * For ZWishListUpdate (add wishlistId): isDefault is sent only as true (`z.literal(true)`; a list
 * stops being the default when another becomes it).
 */
export function listUpdateInput(values: TListValues) {
  const { isDefault, ...rest } = listInput(values);
  return isDefault ? { ...rest, isDefault: true as const } : rest;
}

function FieldError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Text size="sm" c="red.8" role="alert">
      {message}
    </Text>
  );
}

/**
 * Create (no `list`) or edit a list. `forSomeoneElse` words the default switch for a family
 * manager working on a child's lists.
 */
export function WishListForm({
  list,
  ownerId,
  forSomeoneElse = false,
  submitLabel,
  onSubmit,
  footer,
}: {
  list?: TWishListSummary;
  ownerId?: string;
  forSomeoneElse?: boolean;
  submitLabel: string;
  onSubmit: (values: TListValues) => Promise<void>;
  footer?: ReactNode;
}) {
  const toInput = (values: TListValues) =>
    list
      ? { ...listUpdateInput(values), wishlistId: list.wishlistId }
      : { ...listInput(values), ...(ownerId ? { ownerId } : {}) };
  const form = useSchemaForm(list ? ZWishListUpdate : ZWishListCreate, listValues(list), onSubmit, undefined, {
    toInput,
  });
  const { field, values, set } = form;
  const whose = forSomeoneElse ? 'their' : 'my';
  // An exchange's list: one of the exchanges the member takes part in (a child's are chosen from
  // the exchange's own page, where its family manager answers for it).
  const exchanges = trpc.exchanges.mine.useQuery(undefined, { enabled: !forSomeoneElse });
  const exchangeOptions = (exchanges.data ?? [])
    .filter((exchange) => exchange.status !== 'archived' && exchange.myStatus !== 'declined')
    .map((exchange) => ({ value: exchange.exchangeId, label: exchange.title }));
  const canKeepForExchange = !forSomeoneElse && exchangeOptions.length > 0;

  return (
    <form noValidate onSubmit={form.onSubmit} data-testid="wish-list-form">
      <Stack gap="md">
        <TextInput label="Title" required maxLength={100} {...field('title')} data-testid="list-title" />
        <Textarea
          label="Description (optional)"
          description="Sizes, colours, anything that helps people choose."
          autosize
          minRows={2}
          maxLength={1000}
          {...field('description')}
          data-testid="list-description"
        />
        <Radio.Group
          label="Who can see this list"
          value={values.privacy}
          onChange={(value) => {
            set('privacy', value);
            if (value === 'exchange' && !values.exchangeId && exchangeOptions[0])
              set('exchangeId', exchangeOptions[0].value);
          }}
          error={form.errors.privacy ?? form.errors.exchangeId}
          data-testid="list-privacy-group"
        >
          <Stack gap="xs" mt="xs">
            {WISH_LIST_PRIVACY.map((privacy) => (
              <Radio
                key={privacy}
                value={privacy}
                label={WISH_LIST_PRIVACY_LABELS[privacy]}
                disabled={privacy === 'exchange' && !canKeepForExchange && values.privacy !== 'exchange'}
                description={
                  privacy === 'exchange'
                    ? canKeepForExchange || values.privacy === 'exchange'
                      ? 'Only the people of one of your gift exchanges: your Secret Santa shops from it.'
                      : forSomeoneElse
                        ? 'Choose this from the gift exchange’s page, where you answer for them.'
                        : 'Start or join a gift exchange first: then you can keep a list just for it.'
                    : privacy === 'followers'
                      ? `People who follow ${forSomeoneElse ? 'them' : 'you'}.`
                      : undefined
                }
                data-testid={`list-privacy-${privacy}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {values.privacy === 'exchange' && exchangeOptions.length > 0 ? (
          <SelectField
            label="Which gift exchange"
            value={values.exchangeId}
            options={exchangeOptions}
            onChange={(value) => set('exchangeId', value)}
            data-testid="list-exchange-input"
          />
        ) : null}
        <TextInput
          label="Event date (optional)"
          description="A birthday or holiday this list is for."
          type="date"
          {...field('eventDate')}
          data-testid="list-event-date-input"
        />
        <Checkbox
          label={`Make this ${whose} default list`}
          description={
            list?.isDefault
              ? `This is ${whose} default list. Make another list the default to change it.`
              : 'Wishes added from the shop or from a web page go to the default list.'
          }
          checked={values.isDefault === 'true'}
          disabled={list?.isDefault === true}
          onChange={(event) => set('isDefault', event.currentTarget.checked ? 'true' : 'false')}
          data-testid="list-default-input"
        />
        <FormFailure message={form.failure} testId="wish-list-failure" />
        <Group justify="space-between">
          {footer ?? <span />}
          <Button type="submit" loading={form.busy} data-testid="wish-list-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// ---- Wishes ----

export type TWishValues = {
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

export const EMPTY_WISH: TWishValues = {
  title: '',
  description: '',
  priceAmount: '',
  currency: 'USD',
  merchant: '',
  quantity: '1',
  url: '',
  imageUrl: '',
  priority: String(DEFAULT_WISH_PRIORITY),
  notes: '',
};

export function isCurrency(value: string | null | undefined): value is (typeof CURRENCIES)[number] {
  return (CURRENCIES as readonly string[]).includes(value ?? '');
}

/** Anything shaped like a wish (a wish, a shop product, an imported page) → the form's strings. */
export interface TWishLike {
  title?: string | null;
  description?: string | null;
  price?: { amount: number; currency: string } | null;
  merchant?: string | null;
  quantity?: number;
  url?: string | null;
  imageUrl?: string | null;
  priority?: number;
  notes?: string | null;
}

export function wishValues(wish: TWishLike): TWishValues {
  const currency = wish.price?.currency;
  return {
    title: wish.title ?? '',
    description: wish.description ?? '',
    priceAmount: wish.price ? String(wish.price.amount) : '',
    currency: isCurrency(currency) ? currency : 'USD',
    merchant: wish.merchant ?? '',
    quantity: String(wish.quantity ?? 1),
    url: wish.url ?? '',
    imageUrl: wish.imageUrl ?? '',
    priority: String(wish.priority ?? DEFAULT_WISH_PRIORITY),
    notes: wish.notes ?? '',
  };
}

/** The form's strings → the addWish/updateWish fields (the server trims and empties to null). */
export function wishInput(values: TWishValues) {
  return {
    title: values.title,
    description: values.description,
    price: values.priceAmount.trim()
      ? { amount: values.priceAmount.trim(), currency: values.currency as (typeof CURRENCIES)[number] }
      : null,
    merchant: values.merchant,
    quantity: values.quantity.trim() === '' ? Number.NaN : Number(values.quantity),
    url: values.url.trim(),
    imageUrl: values.imageUrl.trim(),
    priority: Number(values.priority),
    notes: values.notes,
  };
}

export function wishField(path: string): string {
  if (path === 'price' || path === 'price.amount') return 'priceAmount';
  if (path === 'price.currency') return 'currency';
  return path;
}

/**
 * A wish's fields. `onSubmit` gets the form's values; what it throws lands on the fields (the
 * server's field errors) or as the form's failure. `before` goes above the fields (a list select).
 */
export function WishForm({
  initial = EMPTY_WISH,
  submitLabel,
  onSubmit,
  before,
  footer,
  testId = 'wish-form',
  submitTestId = 'wish-submit',
  failureTestId = 'wish-failure',
}: {
  initial?: TWishValues;
  submitLabel: string;
  onSubmit: (values: TWishValues) => Promise<void>;
  before?: ReactNode;
  footer?: ReactNode;
  testId?: string;
  submitTestId?: string;
  failureTestId?: string;
}) {
  const form = useSchemaForm(ZWishCreate, initial, onSubmit, undefined, {
    toInput: (values) => ({ ...wishInput(values), quantity: values.quantity }),
    fieldOf: wishField,
  });
  const { field, values, set, errors } = form;

  return (
    <form noValidate onSubmit={form.onSubmit} data-testid={testId}>
      <Stack gap="md">
        {before}
        <TextInput
          label="What do you wish for?"
          required
          maxLength={200}
          {...field('title')}
          data-testid="wish-title-input"
        />
        <TextInput
          label="Link to the product (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          {...field('url')}
          data-testid="wish-url-input"
        />
        <Group grow align="flex-start">
          <TextInput
            label="Price (optional)"
            inputMode="decimal"
            {...field('priceAmount')}
            data-testid="wish-price-input"
          />
          <Stack gap={4}>
            <SelectField
              label="Currency"
              value={values.currency}
              onChange={(value) => set('currency', value)}
              options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
              data-testid="wish-currency-input"
            />
            <FieldError message={errors.currency} />
          </Stack>
        </Group>
        <TextInput label="Shop (optional)" maxLength={100} {...field('merchant')} data-testid="wish-merchant-input" />
        <Group grow align="flex-start">
          <TextInput
            label="How many"
            type="number"
            inputMode="numeric"
            min={1}
            max={WISH_QUANTITY_MAX}
            {...field('quantity')}
            data-testid="wish-quantity-input"
          />
          <Stack gap={4}>
            <SelectField
              label="Priority"
              value={values.priority}
              onChange={(value) => set('priority', value)}
              options={WISH_PRIORITIES.map((item) => ({ value: String(item.value), label: item.label }))}
              data-testid="wish-priority-input"
            />
            <FieldError message={errors.priority} />
          </Stack>
        </Group>
        <TextInput
          label="Picture address (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          {...field('imageUrl')}
          data-testid="wish-image-input"
        />
        <Textarea
          label="Description (optional)"
          autosize
          minRows={2}
          maxLength={2000}
          {...field('description')}
          data-testid="wish-description-input"
        />
        <Textarea
          label="Notes for gift givers (optional)"
          description="Size, colour, where to find it."
          autosize
          minRows={2}
          maxLength={1000}
          {...field('notes')}
          data-testid="wish-notes-input"
        />
        <FieldError message={errors.productId} />
        <FormFailure message={form.failure} testId={failureTestId} />
        <Group justify="space-between">
          {footer ?? <span />}
          <Button type="submit" loading={form.busy} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
