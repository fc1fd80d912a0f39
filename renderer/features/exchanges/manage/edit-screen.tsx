/**
 * /gift-exchanges/:exchangeId/edit/ (v2.giftExchanges.edit): the exchange's fields (title,
 * description, dates, budget, place, party time, delivery, theme, whether the organizer draws too)
 * checked by the server's own schema (ZExchangeUpdate), and its danger zone: archive (managers)
 * and delete (the organizer only), both asked first.
 */
import { Button, Card, Group, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { useAppNavigate } from '../../../routes/app-navigate';
import { CURRENCIES } from '../../../../server/contracts/enums';
import { ZExchangeUpdate, type TDeliveryType, type TExchangeThemeId } from '../../../../server/contracts/exchanges';
import {
  DELIVERY_TYPE_LABELS,
  DELIVERY_TYPES,
  EXCHANGE_THEMES,
  EXCHANGE_TITLE_MAX,
} from '../../../../server/contracts/exchange-values';
import { ConfirmDialog } from '../../../kit/confirm-dialog';
import { DateField } from '../../../kit/date-field';
import { FormFailure } from '../../../kit/form-parts';
import { useSchemaForm } from '../../../kit/forms';
import { SelectField } from '../../../kit/select-field';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { ExchangePage } from './exchange-page';
import { ManagersOnly, useExchangeToast, type TExchangeDetail } from './exchange-parts';

type TEditValues = {
  title: string;
  description: string;
  signUpDate: string;
  exchangeDate: string;
  budgetAmount: string;
  budgetCurrency: string;
  location: string;
  partyTime: string;
  deliveryType: string;
  themeId: string;
  organizerParticipates: string;
};

function valuesOf(exchange: TExchangeDetail): TEditValues {
  return {
    title: exchange.title,
    description: exchange.description ?? '',
    signUpDate: exchange.signUpDate ?? '',
    exchangeDate: exchange.exchangeDate,
    budgetAmount: String(exchange.budget.amount),
    budgetCurrency: exchange.budget.currency,
    location: exchange.location ?? '',
    partyTime: exchange.partyTime ?? '',
    deliveryType: exchange.deliveryType,
    themeId: exchange.themeId,
    organizerParticipates: exchange.organizerParticipates ? 'true' : 'false',
  };
}

function inputOf(exchange: TExchangeDetail, values: TEditValues) {
  return {
    exchangeId: exchange.exchangeId,
    title: values.title,
    description: values.description,
    signUpDate: values.signUpDate || null,
    exchangeDate: values.exchangeDate,
    budget: { currency: values.budgetCurrency as (typeof CURRENCIES)[number], amount: values.budgetAmount },
    location: values.location,
    partyTime: values.partyTime || null,
    deliveryType: values.deliveryType as TDeliveryType,
    themeId: values.themeId as TExchangeThemeId,
    // Whether the organizer draws can only change before the draw.
    ...(exchange.status === 'open' ? { organizerParticipates: values.organizerParticipates === 'true' } : {}),
  };
}

const FIELD_OF: Record<string, string> = { 'budget.amount': 'budgetAmount', 'budget.currency': 'budgetCurrency' };

function EditForm({ exchange }: { exchange: TExchangeDetail }) {
  const update = trpc.exchanges.update.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const navigate = useAppNavigate();
  const form = useSchemaForm(
    ZExchangeUpdate,
    valuesOf(exchange),
    async (values) => {
      const saved = await update.mutateAsync(ZExchangeUpdate.parse(inputOf(exchange, values)));
      utils.exchanges.get.setData({ exchangeId: exchange.exchangeId }, saved);
      void utils.exchanges.mine.invalidate();
      toast.success(`“${saved.title}” is saved.`);
      await navigate(href('v2.giftExchanges.main', { exchangeId: exchange.exchangeId }));
    },
    undefined,
    { toInput: (values) => inputOf(exchange, values), fieldOf: (path) => FIELD_OF[path] ?? path },
  );
  const { field, values, set, errors } = form;
  const drawn = exchange.status !== 'open';

  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate onSubmit={form.onSubmit} data-testid="exchange-edit-form">
        <Stack gap="md">
          <TextInput
            label="Title"
            required
            maxLength={EXCHANGE_TITLE_MAX}
            {...field('title')}
            data-testid="edit-title"
          />
          <Textarea
            label="Description"
            description="What people should know: the rules, a dress code, a theme."
            autosize
            minRows={3}
            maxLength={2000}
            {...field('description')}
            data-testid="edit-description"
          />
          <Group grow align="flex-start">
            <DateField
              label="Sign-up closes"
              description="Optional: the last day to answer."
              value={values.signUpDate || null}
              onChange={(value) => set('signUpDate', typeof value === 'string' ? value : '')}
              error={errors.signUpDate}
              data-testid="edit-signup-date"
            />
            <DateField
              label="Exchange date"
              required
              clearable={false}
              value={values.exchangeDate || null}
              onChange={(value) => set('exchangeDate', typeof value === 'string' ? value : '')}
              error={errors.exchangeDate}
              data-testid="edit-exchange-date"
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput label="Budget" inputMode="decimal" {...field('budgetAmount')} data-testid="edit-budget" />
            <SelectField
              label="Currency"
              value={values.budgetCurrency}
              onChange={(value) => set('budgetCurrency', value)}
              options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
              data-testid="edit-currency"
            />
          </Group>
          <SelectField
            label="How gifts are exchanged"
            value={values.deliveryType}
            onChange={(value) => set('deliveryType', value)}
            options={DELIVERY_TYPES.map((type) => ({ value: type, label: DELIVERY_TYPE_LABELS[type] }))}
            data-testid="edit-delivery"
          />
          <Group grow align="flex-start">
            <TextInput label="Place" maxLength={200} {...field('location')} data-testid="edit-location" />
            <TextInput label="Party time" type="time" {...field('partyTime')} data-testid="edit-party-time" />
          </Group>
          <SelectField
            label="Theme"
            value={values.themeId}
            onChange={(value) => set('themeId', value)}
            options={EXCHANGE_THEMES.map((theme) => ({ value: theme.id, label: `${theme.emoji} ${theme.name}` }))}
            data-testid="edit-theme"
          />
          <Switch
            label="I take part in the draw too"
            description={
              drawn
                ? 'This can only change before the names are drawn.'
                : 'Off: you organize without giving or receiving a gift.'
            }
            checked={values.organizerParticipates === 'true'}
            onChange={(event) => set('organizerParticipates', event.currentTarget.checked ? 'true' : 'false')}
            disabled={drawn || !exchange.can.delete}
            data-testid="edit-organizer-participates"
          />
          <FormFailure message={form.failure} testId="edit-failure" />
          <Group justify="flex-end" gap="sm">
            <Button
              component={Link}
              to={href('v2.giftExchanges.main', { exchangeId: exchange.exchangeId })}
              variant="default"
            >
              Cancel
            </Button>
            <Button type="submit" loading={form.busy} data-testid="edit-save">
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function DangerZone({ exchange }: { exchange: TExchangeDetail }) {
  const [dialog, setDialog] = useState<'archive' | 'delete' | null>(null);
  const archive = trpc.exchanges.archive.useMutation();
  const remove = trpc.exchanges.delete.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const navigate = useAppNavigate();
  const { exchangeId, title } = exchange;

  async function confirmArchive(): Promise<void> {
    try {
      const saved = await archive.mutateAsync({ exchangeId });
      setDialog(null);
      utils.exchanges.get.setData({ exchangeId }, saved);
      void utils.exchanges.mine.invalidate();
      toast.success(`“${title}” is archived.`);
      await navigate(href('v2.giftExchanges.main', { exchangeId }));
    } catch (error) {
      setDialog(null);
      toast.failed('Could not archive the exchange', error);
    }
  }

  async function confirmDelete(): Promise<void> {
    try {
      await remove.mutateAsync({ exchangeId });
      setDialog(null);
      await utils.exchanges.mine.invalidate();
      toast.success(`“${title}” is deleted.`);
      await navigate(href('v2.giftExchanges.list'), { replace: true });
    } catch (error) {
      setDialog(null);
      toast.failed('Could not delete the exchange', error);
    }
  }

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      style={{ borderColor: 'var(--mantine-color-red-3)' }}
      data-testid="exchange-danger-zone"
    >
      <Stack gap="md">
        <Title order={2} fz="h3">
          Danger zone
        </Title>
        <Group justify="space-between" gap="md">
          <Stack gap={2} maw={520}>
            <Text fw={600}>Archive this exchange</Text>
            <Text size="sm" c="dimmed">
              It stays in everyone’s past exchanges but can no longer change. Nobody is told.
            </Text>
          </Stack>
          <Button color="red" variant="outline" onClick={() => setDialog('archive')} data-testid="exchange-archive">
            Archive
          </Button>
        </Group>
        {exchange.can.delete ? (
          <Group justify="space-between" gap="md">
            <Stack gap={2} maw={520}>
              <Text fw={600}>Delete this exchange</Text>
              <Text size="sm" c="dimmed">
                The exchange, its people, draw, messages and thank-yous go for good. Wish lists made for it become
                private.
              </Text>
            </Stack>
            <Button color="red" onClick={() => setDialog('delete')} data-testid="exchange-delete">
              Delete
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={dialog === 'archive'}
        title={`Archive “${title}”?`}
        message="It can no longer change: no invitations, draw or edits. Its people still see it among their past exchanges."
        confirmLabel="Archive"
        loading={archive.isPending}
        onConfirm={() => void confirmArchive()}
        onCancel={() => setDialog(null)}
        confirmTestId="exchange-archive-confirm"
      />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={`Delete “${title}”?`}
        message="The exchange and everything in it are deleted for everyone. This cannot be undone."
        confirmLabel="Delete exchange"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDialog(null)}
        confirmTestId="exchange-delete-confirm"
      />
    </Card>
  );
}

export default function EditExchangeScreen() {
  const { exchangeId = '' } = useParams();
  return (
    <ExchangePage exchangeId={exchangeId} title="Edit" testId="exchange-edit-screen">
      {(exchange) => (
        <ManagersOnly exchange={exchange}>
          <Stack gap="lg">
            <EditForm key={exchange.exchangeId} exchange={exchange} />
            <DangerZone exchange={exchange} />
          </Stack>
        </ManagersOnly>
      )}
    </ExchangePage>
  );
}
