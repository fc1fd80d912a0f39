/**
 * Pieces of the draw-restriction, assistant and person pages: everyone's restrictions or people
 * loaded page by page until complete (checkboxes and names need them all), and the household field
 * (people of one household never draw each other).
 */
import { Button, Group, TextInput } from '@mantine/core';
import { ZSetHousehold } from '../../../../server/contracts/exchanges';
import { MAX_PAGE_LIMIT } from '../../../../server/contracts/paging-values';
import { FormFailure } from '../../../kit/form-parts';
import { useSchemaForm } from '../../../kit/forms';
import { trpc, type TRouterOutputs } from '../../../trpc';
import { useExchangeToast } from './exchange-parts';

export type TRestrictionRow = TRouterOutputs['exchanges']['restrictions']['items'][number];

interface TPageQuery<T> {
  data: { items: T[]; paging: { total: number | null } } | undefined;
  error: unknown;
  isFetching: boolean;
}

/** How many more pages of the largest size follow a first page that counts `total`. */
function morePages(total: number | null | undefined): number {
  return Math.max(0, Math.ceil((total ?? 0) / MAX_PAGE_LIMIT) - 1);
}

/**
 * A paged collection read whole, shaped for QueryView: `data` is undefined until every page has
 * come; `error` is the first failure.
 */
function allRows<T>(first: TPageQuery<T>, rest: readonly TPageQuery<T>[], refetch: () => void) {
  const error = first.error ?? rest.find((query) => query.error)?.error ?? null;
  const pages = [first, ...rest].map((query) => query.data);
  const complete = pages.every((page) => page !== undefined);
  return {
    data: complete ? pages.flatMap((page) => page?.items ?? []) : undefined,
    error,
    isError: error !== null,
    isPending: !complete && !error,
    isFetching: [first, ...rest].some((query) => query.isFetching),
    refetch,
  };
}

const pageInput = (exchangeId: string, index: number) => ({
  exchangeId,
  limit: MAX_PAGE_LIMIT,
  offset: index * MAX_PAGE_LIMIT,
});

/** Everyone's restrictions (`exchanges.restrictions`), every page. */
export function useAllRestrictions(exchangeId: string) {
  const utils = trpc.useUtils();
  const first = trpc.exchanges.restrictions.useQuery(pageInput(exchangeId, 0), { retry: false });
  const rest = trpc.useQueries((t) =>
    Array.from({ length: morePages(first.data?.paging.total) }, (_, index) =>
      t.exchanges.restrictions(pageInput(exchangeId, index + 1)),
    ),
  );
  return allRows(first, rest, () => void utils.exchanges.restrictions.invalidate({ exchangeId }));
}

/** Everyone of the exchange (`exchanges.participants`), every page. */
export function useAllParticipants(exchangeId: string) {
  const utils = trpc.useUtils();
  const first = trpc.exchanges.participants.useQuery(pageInput(exchangeId, 0), { retry: false });
  const rest = trpc.useQueries((t) =>
    Array.from({ length: morePages(first.data?.paging.total) }, (_, index) =>
      t.exchanges.participants(pageInput(exchangeId, index + 1)),
    ),
  );
  return allRows(first, rest, () => void utils.exchanges.participants.invalidate({ exchangeId }));
}

/** The household of one person: a label; the same label (any case) groups people, empty removes it. */
export function HouseholdField({
  exchangeId,
  userId,
  name,
  household,
  disabled = false,
}: {
  exchangeId: string;
  userId: string;
  name: string;
  household: string | null;
  disabled?: boolean;
}) {
  const save = trpc.exchanges.setHousehold.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const base = { exchangeId, userId };
  const form = useSchemaForm(
    ZSetHousehold,
    { household: household ?? '' },
    async (values) => {
      const label = values.household.trim();
      await save.mutateAsync({ ...base, household: label || null });
      toast.success(label ? `${name} is in the “${label}” household.` : `${name} is in no household.`);
      await Promise.all([
        utils.exchanges.restrictions.invalidate({ exchangeId }),
        utils.exchanges.participant.invalidate({ exchangeId, userId }),
        utils.exchanges.participants.invalidate({ exchangeId }),
      ]);
    },
    undefined,
    { toInput: (values) => ({ ...base, household: values.household }) },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} data-testid="household-form">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={`Household of ${name}`}
          placeholder="e.g. The Smiths"
          maxLength={40}
          size="xs"
          disabled={disabled}
          {...form.field('household')}
          data-testid="household-input"
        />
        <Button
          type="submit"
          size="xs"
          variant="default"
          loading={form.busy}
          disabled={disabled}
          data-testid="household-save"
        >
          Save
        </Button>
      </Group>
      <FormFailure message={form.failure} testId="household-failure" />
    </form>
  );
}
