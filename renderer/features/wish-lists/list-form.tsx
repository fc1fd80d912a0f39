/**
 * The wish-list form the create and edit screens share (title, description, who can see it, event
 * date, default), its string values and their mapping to the server's contract (ZWishListCreate /
 * ZWishListUpdate), plus small list helpers the list screens share: the privacy label, the event
 * date, a list's card and the select of my lists.
 */
import { Anchor, Badge, Card, Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import {
  WISH_LIST_PRIVACY,
  WISH_LIST_PRIVACY_LABELS,
  type TWishListPrivacy,
  type TWishListSummary,
} from '../../../server/contracts/wish-lists';
import type { TSchemaForm } from '../../kit/forms';
import { SelectField } from '../../kit/select-field';
import { href } from '../../routes/route-table';

export type TListFormValues = {
  title: string;
  description: string;
  privacy: string;
  eventDate: string;
  /** 'true' or '' (the form holds strings). */
  isDefault: string;
};

export function emptyListValues(): TListFormValues {
  return { title: '', description: '', privacy: 'followers', eventDate: '', isDefault: '' };
}

/** The form's values for an existing list. */
export function listValuesOf(
  list: Pick<TWishListSummary, 'title' | 'description' | 'privacy' | 'eventDate' | 'isDefault'>,
): TListFormValues {
  return {
    title: list.title,
    description: list.description ?? '',
    privacy: list.privacy,
    eventDate: list.eventDate ?? '',
    isDefault: list.isDefault ? 'true' : '',
  };
}

/** The contract's shape (without ownerId/wishlistId/exchangeId): empty optional text is null. */
export function listInput(values: TListFormValues) {
  return {
    title: values.title,
    description: values.description.trim() ? values.description : null,
    privacy: values.privacy as TWishListPrivacy,
    eventDate: values.eventDate || null,
    isDefault: values.isDefault === 'true',
  };
}

/** For ZWishListUpdate (add wishlistId): isDefault is sent only as true (a list stops being the default when another becomes it). */
export function listUpdateInput(values: TListFormValues) {
  const { isDefault, ...rest } = listInput(values);
  return isDefault ? { ...rest, isDefault: true as const } : rest;
}

/** Exchanges do not exist yet: 'exchange' is offered only to a list that already has it. */
function privacyOptions(current: string) {
  return WISH_LIST_PRIVACY.filter((value) => value !== 'exchange' || current === 'exchange').map((value) => ({
    value,
    label: WISH_LIST_PRIVACY_LABELS[value],
  }));
}

export function ListFields<T extends TListFormValues>({
  form,
  testIdPrefix = 'list',
  defaultLocked = false,
}: {
  form: TSchemaForm<T>;
  testIdPrefix?: string;
  /** The list is the default already: it stays so until another list becomes the default. */
  defaultLocked?: boolean;
}) {
  const field = form.field;
  const id = (name: string) => `${testIdPrefix}-${name}`;
  return (
    <Stack gap="sm">
      <TextInput label="Title" withAsterisk autoComplete="off" {...field('title')} data-testid={id('title')} />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={5}
        {...field('description')}
        data-testid={id('description')}
      />
      <SelectField
        label="Who can see this list"
        value={form.values.privacy}
        options={privacyOptions(form.values.privacy)}
        onChange={(value) => form.set('privacy', value)}
        data-testid={id('privacy')}
      />
      <TextInput
        label="Event date"
        description="Optional: a birthday, a wedding, a holiday"
        type="date"
        {...field('eventDate')}
        data-testid={id('event-date')}
      />
      <Switch
        label="Make this my default list"
        description={
          defaultLocked ? 'This is your default list: choose another list as default to change it.' : undefined
        }
        checked={form.values.isDefault === 'true'}
        disabled={defaultLocked}
        onChange={(event) => form.set('isDefault', event.currentTarget.checked ? 'true' : '')}
        data-testid={id('default')}
      />
    </Stack>
  );
}

/** 'YYYY-MM-DD' (or an ISO time) → "Mar 14, 2027", read in UTC so the day never shifts. */
export function formatDay(value: string): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
}

export function privacyLabel(privacy: TWishListPrivacy): string {
  return WISH_LIST_PRIVACY_LABELS[privacy];
}

export function wishListHref(list: Pick<TWishListSummary, 'ownerId' | 'wishlistId'>): string {
  return href('v2.profile.wishList', { userId: list.ownerId, wishlistId: list.wishlistId });
}

/** One list as a card: title (to the list), default badge, who can see it, event date, wish count. */
export function ListCard({ list }: { list: TWishListSummary }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="wish-list-card" data-wishlist-id={list.wishlistId}>
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={wishListHref(list)} fw={700} fz="lg" data-testid="wish-list-link">
            {list.title}
          </Anchor>
          {list.isDefault ? (
            <Badge variant="light" color="green" data-testid="wish-list-default">
              Default
            </Badge>
          ) : null}
        </Group>
        {list.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {list.description}
          </Text>
        ) : null}
        <Text size="sm" data-testid="wish-list-privacy">
          Who can see it: {privacyLabel(list.privacy)}
        </Text>
        <Group gap="md" mt="auto">
          <Text size="sm" fw={700} data-testid="wish-list-count">
            {list.wishCount === 1 ? '1 wish' : `${list.wishCount} wishes`}
          </Text>
          {list.eventDate ? (
            <Text size="sm" data-testid="wish-list-event-date">
              Event: {formatDay(list.eventDate)}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** My lists as a labelled native select (value: wishlistId). */
export function ListSelect({
  lists,
  value,
  onChange,
  testId = 'wish-list-select',
}: {
  lists: readonly TWishListSummary[];
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  return (
    <SelectField
      label="Add to the list"
      value={value}
      onChange={onChange}
      options={lists.map((list) => ({
        value: list.wishlistId,
        label: list.isDefault ? `${list.title} (default)` : list.title,
      }))}
      data-testid={testId}
    />
  );
}

/** The default list of `lists` (else the first), or '' when there is none. */
export function defaultListId(lists: readonly TWishListSummary[]): string {
  return (lists.find((list) => list.isDefault) ?? lists[0])?.wishlistId ?? '';
}
