/**
 * /admin/replaceexchangeperson/ (v2.admin.replaceExchangePerson): put another member in someone's
 * place in an exchange (?exchangeId= picks the exchange). After the draw the newcomer takes over
 * the leaving person's giver and recipient, every other pairing kept (a small repair around them
 * when a restriction forbids it); before the draw they simply get the invitation.
 */
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import type { TAdminExchange, TAdminUser, TReplaceResult } from '../../../server/contracts/admin';
import { ZStaffReason } from '../../../server/contracts/admin';
import { isUuid } from '../../../server/contracts/validation-values';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { SelectField } from '../../kit/select-field';
import { useToast } from '../../kit/toast';
import { trpc } from '../../trpc';
import { AdminPage, useStaff } from './admin-page';
import { ReasonField, SearchForm, UserPicker, failureText, isForbidden, staffDate, useSearchForm } from './admin-parts';

const ZReplaceForm = z.object({ userId: z.string().min(1, { error: 'Value is required' }), reason: ZStaffReason });

function ExchangeChooser({ onChoose }: { onChoose: (exchangeId: string) => void }) {
  const [query, setQuery] = useState('');
  const form = useSearchForm('', setQuery);
  const results = trpc.admin.findExchanges.useQuery({ query }, { enabled: query !== '', retry: false });
  return (
    <Stack gap="sm">
      <SearchForm
        form={form}
        label="Exchange"
        placeholder="Title, organizer e-mail or exchange id"
        testId="replace-exchange-search"
      />
      {query ? (
        <QueryView
          query={results}
          skeleton={<ListSkeleton rows={2} />}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState title="No exchange found" description="Try the organizer's e-mail or the exchange id." />}
        >
          {(list) => (
            <Stack gap="xs">
              {list.map((exchange) => (
                <Card key={exchange.exchangeId} withBorder radius="md" padding="sm">
                  <Group justify="space-between">
                    <Text size="sm">{`${exchange.title} · ${exchange.status} · ${staffDate(exchange.exchangeDate)}`}</Text>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onChoose(exchange.exchangeId)}
                      data-testid="replace-exchange-choose"
                    >
                      Choose
                    </Button>
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </QueryView>
      ) : null}
    </Stack>
  );
}

function Replace({ exchange }: { exchange: TAdminExchange }) {
  const staff = useStaff();
  const toast = useToast();
  const utils = trpc.useUtils();
  const mutation = trpc.admin.replaceExchangePerson.useMutation();
  const [replacement, setReplacement] = useState<TAdminUser | null>(null);
  const [confirming, setConfirming] = useState<{ userId: string; reason: string } | null>(null);
  const [result, setResult] = useState<TReplaceResult | null>(null);
  const seats = exchange.participants.filter((seat) => seat.status !== 'organizing');
  const form = useSchemaForm(ZReplaceForm, { userId: '', reason: '' }, async (values) => {
    if (!replacement) throw new Error('Choose who takes the place');
    setConfirming({ userId: values.userId, reason: values.reason.trim() });
  });
  const leaving = seats.find((seat) => seat.person.userId === confirming?.userId)?.person;

  async function run(input: { userId: string; reason: string }): Promise<void> {
    if (!replacement) return;
    try {
      const answer = await mutation.mutateAsync({
        exchangeId: exchange.exchangeId,
        replacementUserId: replacement.userId,
        ...input,
      });
      setResult(answer);
      toast.success(`${replacement.displayName} took the place`);
      setReplacement(null);
      form.set('userId', '');
      await utils.admin.exchange.invalidate({ exchangeId: exchange.exchangeId });
    } catch (error) {
      if (!isForbidden(error)) toast.error(failureText(error, 'Nobody was replaced'), 'Nothing was changed');
    } finally {
      setConfirming(null);
    }
  }

  if (!staff.data?.canAct)
    return (
      <Alert color="blue" variant="light" data-testid="replace-read-only">
        Support analysts can look at an exchange but not change it: ask a support admin.
      </Alert>
    );
  return (
    <Stack gap="md">
      {result ? (
        <Alert color="green" variant="light" title="Replaced" data-testid="replace-done">
          {result.status === 'open'
            ? 'The newcomer is invited in the leaving person’s place (the names are not drawn yet).'
            : `${result.keptPairs} pairings stay exactly as they were; ${result.changedGivers} givers (the newcomer included) have a new recipient and were told by e-mail.`}
        </Alert>
      ) : null}
      <form noValidate onSubmit={form.onSubmit} data-testid="replace-form">
        <Stack gap="md">
          <FormFailure message={form.failure} testId="replace-failure" />
          <SelectField
            label="Person to replace"
            value={form.values.userId}
            options={[
              { value: '', label: 'Choose a person…' },
              ...seats.map((seat) => ({
                value: seat.person.userId,
                label: `${seat.person.displayName} (${seat.status}${seat.inDraw ? ', in the draw' : ''})`,
              })),
            ]}
            onChange={(value) => form.set('userId', value)}
            data-testid="replace-leaving"
          />
          {form.errors.userId ? (
            <Text size="sm" c="red.8" role="alert">
              {form.errors.userId}
            </Text>
          ) : null}
          <UserPicker
            label="Who takes the place"
            chosen={replacement}
            onChoose={setReplacement}
            exclude={exchange.participants.map((seat) => seat.person.userId)}
            testId="replace-newcomer"
          />
          <ReasonField field={form.field('reason')} testId="replace-reason" />
          <Group>
            <Button type="submit" data-testid="replace-submit">
              Replace
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming !== null}
        title="Replace this person?"
        message={`${leaving?.displayName ?? 'They'} leave “${exchange.title}” and ${replacement?.displayName ?? 'the newcomer'} takes their place${exchange.status === 'open' ? '' : ', keeping every other pairing of the draw'}.`}
        confirmLabel="Replace"
        destructive={false}
        loading={mutation.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) void run(confirming);
        }}
        confirmTestId="replace-confirm"
      />
    </Stack>
  );
}

export default function ReplacePersonScreen() {
  const [search, setSearch] = useSearchParams();
  const exchangeId = search.get('exchangeId') ?? '';
  const exchange = trpc.admin.exchange.useQuery({ exchangeId }, { enabled: isUuid(exchangeId), retry: false });
  return (
    <AdminPage
      title="Replace a person"
      description="Put another member in a participant’s place. After the draw, every other pairing is kept."
      testId="admin-replace"
    >
      {!isUuid(exchangeId) ? (
        <ExchangeChooser onChoose={(id) => setSearch({ exchangeId: id })} />
      ) : (
        <QueryView query={exchange} skeleton={<ListSkeleton rows={3} />}>
          {(data) => (
            <Stack gap="md">
              <Card withBorder radius="md" padding="md" data-testid="replace-exchange">
                <Group justify="space-between">
                  <Text fw={600}>{`${data.title} · ${data.status} · ${data.participantCount} people`}</Text>
                  <Button size="xs" variant="default" onClick={() => setSearch({})}>
                    Another exchange
                  </Button>
                </Group>
              </Card>
              <Replace key={data.exchangeId} exchange={data} />
            </Stack>
          )}
        </QueryView>
      )}
    </AdminPage>
  );
}
