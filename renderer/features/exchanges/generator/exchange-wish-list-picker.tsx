/**
 * The caller's wish list for one exchange: pick one of their lists that the Secret Santa can open
 * (everyone's lists, or one kept for this exchange) or make a new one (`exchanges.chooseWishList`),
 * then add a few wishes right there (`exchanges.addWish`). Used by the generator's wish-list steps
 * and the RSVP flow: keep the signature.
 */
import { Alert, Anchor, Button, Group, List, Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../../routes/link';
import { ZChooseExchangeWishList, ZExchangeWish } from '../../../../server/contracts/exchanges';
import { WISH_LIST_PRIVACY_LABELS } from '../../../../server/contracts/wish-list-values';
import { FormFailure } from '../../../kit/form-parts';
import { useSchemaForm } from '../../../kit/forms';
import { QueryView } from '../../../kit/query-view';
import { ListSkeleton } from '../../../kit/states';
import { trpc, type TRouterOutputs } from '../../../trpc';
import { listHref } from '../../wish-lists/wish-list-parts';

type TWishList = TRouterOutputs['exchanges']['wishListChoices'][number];

const NEW_LIST = 'new';

/** Whether the Secret Santa could open this list. */
function visibleToSanta(list: TWishList, exchangeId: string): boolean {
  return list.privacy === 'public' || (list.privacy === 'exchange' && list.exchangeId === exchangeId);
}

function ChooseList({
  exchangeId,
  exchangeTitle,
  lists,
  onChosen,
}: {
  exchangeId: string;
  exchangeTitle: string;
  lists: TWishList[];
  onChosen: (list: TWishList) => void;
}) {
  const choose = trpc.exchanges.chooseWishList.useMutation();
  const utils = trpc.useUtils();
  const usable = lists.filter((list) => visibleToSanta(list, exchangeId));
  const toInput = (values: { choice: string; newListTitle: string }) =>
    values.choice === NEW_LIST
      ? { exchangeId, newListTitle: values.newListTitle }
      : { exchangeId, wishlistId: values.choice };
  const form = useSchemaForm(
    ZChooseExchangeWishList,
    { choice: usable[0]?.wishlistId ?? NEW_LIST, newListTitle: `My wishes for ${exchangeTitle}`.slice(0, 100) },
    async (values) => {
      const list = await choose.mutateAsync(toInput(values));
      void utils.exchanges.get.invalidate({ exchangeId });
      void utils.exchanges.wishListChoices.invalidate({ exchangeId });
      onChosen(list);
    },
    undefined,
    { toInput, fieldOf: (path) => (path === 'wishlistId' ? 'choice' : path) },
  );

  return (
    <form noValidate onSubmit={form.onSubmit} data-testid="wish-list-choose-form">
      <Stack gap="md">
        <Radio.Group
          label="The list your Secret Santa sees"
          value={form.values.choice}
          onChange={(value) => form.set('choice', value)}
          error={form.errors.choice}
        >
          <Stack gap="xs" mt="xs">
            {lists.map((list) => {
              const usableList = visibleToSanta(list, exchangeId);
              return (
                <Radio
                  key={list.wishlistId}
                  value={list.wishlistId}
                  label={list.title}
                  disabled={!usableList}
                  description={
                    usableList
                      ? `${list.wishCount} ${list.wishCount === 1 ? 'wish' : 'wishes'}`
                      : `${WISH_LIST_PRIVACY_LABELS[list.privacy]}: your Secret Santa could not open it`
                  }
                  data-testid="wish-list-choice"
                />
              );
            })}
            <Radio value={NEW_LIST} label="A new list for this exchange" data-testid="wish-list-choice-new" />
          </Stack>
        </Radio.Group>
        {form.values.choice === NEW_LIST ? (
          <TextInput
            label="Name of the new list"
            maxLength={100}
            {...form.field('newListTitle')}
            data-testid="wish-list-new-title"
          />
        ) : null}
        <FormFailure message={form.failure} testId="wish-list-choose-failure" />
        <Group justify="flex-end">
          <Button type="submit" loading={form.busy} data-testid="wish-list-choose">
            Use this list
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddWishForm({ exchangeId, onAdded }: { exchangeId: string; onAdded: (title: string) => void }) {
  const add = trpc.exchanges.addWish.useMutation();
  const utils = trpc.useUtils();
  const toInput = (values: { title: string; url: string; notes: string }) => ({ exchangeId, ...values });
  const form = useSchemaForm(
    ZExchangeWish,
    { title: '', url: '', notes: '' },
    async (values) => {
      await add.mutateAsync(toInput(values));
      void utils.exchanges.wishListChoices.invalidate({ exchangeId });
      onAdded(values.title.trim());
    },
    undefined,
    { toInput },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} data-testid="exchange-wish-form">
      <Stack gap="sm">
        <TextInput
          label="What do you wish for?"
          required
          maxLength={200}
          {...form.field('title')}
          data-testid="exchange-wish-title"
        />
        <TextInput
          label="Link (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          {...form.field('url')}
          data-testid="exchange-wish-url"
        />
        <Textarea
          label="Notes (optional)"
          description="Size, colour, where to find it."
          autosize
          minRows={2}
          maxLength={1000}
          {...form.field('notes')}
          data-testid="exchange-wish-notes"
        />
        <FormFailure message={form.failure} testId="exchange-wish-failure" />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={form.busy} data-testid="exchange-wish-add">
            Add this wish
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddWishes({
  exchangeId,
  list,
  onChangeList,
  onDone,
}: {
  exchangeId: string;
  list: TWishList | null;
  onChangeList: () => void;
  onDone: () => void;
}) {
  const [added, setAdded] = useState<string[]>([]);
  return (
    <Stack gap="md" data-testid="exchange-wishes">
      <Alert color="green" variant="light" data-testid="wish-list-chosen">
        Your Secret Santa will see{' '}
        {list ? (
          <Anchor component={Link} to={listHref(list)} fw={600}>
            {list.title}
          </Anchor>
        ) : (
          'your list'
        )}
        .{' '}
        <Anchor component="button" type="button" onClick={onChangeList} data-testid="wish-list-change">
          Use another list
        </Anchor>
      </Alert>
      <Title order={2} fz="h4">
        Add a few wishes
      </Title>
      {added.length > 0 ? (
        <List size="sm" data-testid="exchange-wishes-added">
          {added.map((title, index) => (
            <List.Item key={`${index}-${title}`}>{title}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          Ideas help your Secret Santa. You can add more on your list any time.
        </Text>
      )}
      {/* A fresh form after each wish. */}
      <AddWishForm
        key={added.length}
        exchangeId={exchangeId}
        onAdded={(title) => setAdded((items) => [...items, title])}
      />
      <Group justify="flex-end">
        <Button onClick={onDone} data-testid="wish-list-done">
          {added.length > 0 ? 'Done' : 'Skip the wishes'}
        </Button>
      </Group>
    </Stack>
  );
}

export function ExchangeWishListPicker({ exchangeId, onDone }: { exchangeId: string; onDone: () => void }) {
  const exchange = trpc.exchanges.get.useQuery({ exchangeId });
  const choices = trpc.exchanges.wishListChoices.useQuery({ exchangeId });
  const [changing, setChanging] = useState(false);
  const [chosen, setChosen] = useState<TWishList | null>(null);

  return (
    <QueryView query={exchange} skeleton={<ListSkeleton rows={3} />}>
      {(detail) => (
        <QueryView query={choices} skeleton={<ListSkeleton rows={3} />}>
          {(lists) => {
            const currentId = chosen?.wishlistId ?? detail.me?.wishlistId ?? null;
            if (currentId && !changing)
              return (
                <AddWishes
                  exchangeId={exchangeId}
                  list={chosen ?? lists.find((list) => list.wishlistId === currentId) ?? null}
                  onChangeList={() => setChanging(true)}
                  onDone={onDone}
                />
              );
            return (
              <Stack gap="md">
                <ChooseList
                  exchangeId={exchangeId}
                  exchangeTitle={detail.title}
                  lists={lists}
                  onChosen={(list) => {
                    setChosen(list);
                    setChanging(false);
                  }}
                />
                <Group justify="flex-start">
                  <Button variant="subtle" onClick={onDone} data-testid="wish-list-skip">
                    Skip for now
                  </Button>
                </Group>
              </Stack>
            );
          }}
        </QueryView>
      )}
    </QueryView>
  );
}
