/**
 * What a manager can do to one person of an exchange, in one menu: resend their invitation, make
 * them an assistant (or stop), disqualify or restore them (before the draw), replace them by
 * someone new (name and e-mail) and remove them. After the draw only the assignments that must
 * change do change; the answer says how many givers were told.
 */
import { Button, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ZInvitee, ZSetDisqualified } from '../../../../server/contracts/exchanges';
import { LazyModal } from '../../../app/lazy-modal';
import { ConfirmDialog } from '../../../kit/confirm-dialog';
import { EmailInput, FormFailure } from '../../../kit/form-parts';
import { useSchemaForm } from '../../../kit/forms';
import { trpc } from '../../../trpc';
import {
  changedGiversText,
  useExchangeToast,
  type TDrawOutcome,
  type TExchangeDetail,
  type TExchangeParticipant,
} from './exchange-parts';

type TDialog = 'remove' | 'replace' | 'disqualify' | null;

/** Everything a change to the people may have touched. */
export function useRefreshPeople(exchangeId: string) {
  const utils = trpc.useUtils();
  return async (): Promise<void> => {
    await Promise.all([
      utils.exchanges.get.invalidate({ exchangeId }),
      utils.exchanges.participants.invalidate({ exchangeId }),
      utils.exchanges.participant.invalidate({ exchangeId }),
      utils.exchanges.disqualified.invalidate({ exchangeId }),
      utils.exchanges.restrictions.invalidate({ exchangeId }),
      utils.exchanges.viewDraw.invalidate({ exchangeId }),
      utils.exchanges.myAssignment.invalidate({ exchangeId }),
    ]);
  };
}

/** Makes a person an assistant or not, with the toast and the refresh; true when it worked. */
export function useSetAssistant(exchangeId: string) {
  const mutation = trpc.exchanges.setAssistant.useMutation();
  const toast = useExchangeToast();
  const refresh = useRefreshPeople(exchangeId);
  return {
    busy: mutation.isPending,
    async set(participant: TExchangeParticipant, isAssistant: boolean): Promise<boolean> {
      const name = participant.person.displayName;
      try {
        await mutation.mutateAsync({ exchangeId, userId: participant.person.userId, isAssistant });
        toast.success(isAssistant ? `${name} now helps organize the exchange.` : `${name} no longer helps organize.`);
        await refresh();
        return true;
      } catch (error) {
        toast.failed('Could not change the assistants', error);
        return false;
      }
    },
  };
}

/** Puts a disqualified person back in the draw, with the toast and the refresh. */
export function useRestore(exchangeId: string) {
  const mutation = trpc.exchanges.setDisqualified.useMutation();
  const toast = useExchangeToast();
  const refresh = useRefreshPeople(exchangeId);
  return {
    busy: mutation.isPending,
    async restore(participant: TExchangeParticipant): Promise<void> {
      const name = participant.person.displayName;
      try {
        await mutation.mutateAsync({ exchangeId, userId: participant.person.userId, disqualified: false });
        toast.success(`${name} is back in the draw.`);
        await refresh();
      } catch (error) {
        toast.failed(`Could not restore ${name}`, error);
      }
    },
  };
}

function ReplaceForm({
  exchangeId,
  participant,
  onDone,
  onCancel,
}: {
  exchangeId: string;
  participant: TExchangeParticipant;
  onDone: (outcome: TDrawOutcome, name: string) => void;
  onCancel: () => void;
}) {
  const replace = trpc.exchanges.replaceParticipant.useMutation();
  // Correcting a bounced address: the same person under a new address (their name kept).
  const correcting = participant.deliveryProblem === 'bounced';
  const form = useSchemaForm(
    ZInvitee,
    { name: correcting ? participant.person.displayName : '', email: '' },
    async (values) => {
      const outcome = await replace.mutateAsync({
        exchangeId,
        userId: participant.person.userId,
        replacement: { name: values.name.trim() || null, email: values.email },
      });
      onDone(outcome, values.name.trim() || values.email.trim());
    },
    undefined,
    { fieldOf: (path) => path.replace(/^replacement\./, '') },
  );
  return (
    <form noValidate onSubmit={form.onSubmit}>
      <Stack gap="sm">
        <Text size="sm">
          {correcting
            ? `Mail to ${participant.email ?? 'this address'} bounced: the server refused it for good. Enter the right address; ${participant.person.displayName} gets the e-mail there.`
            : `The new person takes ${participant.person.displayName}’s place${participant.status === 'accepted' ? ', and their recipient if the names are drawn' : ''}. They get an e-mail.`}
        </Text>
        <TextInput label="Name" autoComplete="off" {...form.field('name')} data-testid="replace-name" />
        <EmailInput {...form.field('email')} size="sm" data-testid="replace-email" />
        <FormFailure message={form.failure} testId="replace-failure" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.busy} data-testid="replace-submit">
            {correcting ? 'Send to this address' : 'Replace'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DisqualifyForm({
  exchangeId,
  participant,
  onDone,
  onCancel,
}: {
  exchangeId: string;
  participant: TExchangeParticipant;
  onDone: () => void;
  onCancel: () => void;
}) {
  const disqualify = trpc.exchanges.setDisqualified.useMutation();
  const base = { exchangeId, userId: participant.person.userId, disqualified: true };
  const form = useSchemaForm(
    ZSetDisqualified,
    { reason: '' },
    async (values) => {
      await disqualify.mutateAsync({ ...base, reason: values.reason.trim() || null });
      onDone();
    },
    undefined,
    { toInput: (values) => ({ ...base, reason: values.reason }) },
  );
  return (
    <form noValidate onSubmit={form.onSubmit}>
      <Stack gap="sm">
        <Text size="sm">
          {`${participant.person.displayName} stays in the list but is left out of the draw until you restore them.`}
        </Text>
        <TextInput
          label="Reason (shown to them and the organizers)"
          placeholder="No wish list by the sign-up date"
          maxLength={200}
          {...form.field('reason')}
          data-testid="disqualify-reason"
        />
        <FormFailure message={form.failure} testId="disqualify-failure" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={form.busy} data-testid="disqualify-submit">
            Disqualify
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The manager's menu for one person; nothing for the organizer's own seat (it cannot change). */
export function ParticipantActions({
  exchange,
  participant,
  onRemoved,
}: {
  exchange: TExchangeDetail;
  participant: TExchangeParticipant;
  onRemoved?: () => void;
}) {
  const [dialog, setDialog] = useState<TDialog>(null);
  const { exchangeId } = exchange;
  const userId = participant.person.userId;
  const name = participant.person.displayName;
  const toast = useExchangeToast();
  const refresh = useRefreshPeople(exchangeId);
  const remove = trpc.exchanges.removeParticipant.useMutation();
  const resend = trpc.exchanges.resendInvitation.useMutation();
  const assistant = useSetAssistant(exchangeId);
  const restore = useRestore(exchangeId);
  if (!exchange.can.manage || participant.isOrganizer) return null;
  const open = exchange.status === 'open';
  const drawn = exchange.drawnAt !== null;

  async function resendInvitation(): Promise<void> {
    try {
      await resend.mutateAsync({ exchangeId, userId });
      toast.success(`The invitation is sent to ${name} again.`);
    } catch (error) {
      toast.failed('Could not resend the invitation', error);
    }
  }

  async function confirmRemove(): Promise<void> {
    try {
      const outcome = await remove.mutateAsync({ exchangeId, userId });
      setDialog(null);
      toast.success(`${name} is removed from the exchange.${changedGiversText(outcome)}`);
      onRemoved?.();
      await refresh();
    } catch (error) {
      setDialog(null);
      toast.failed(`Could not remove ${name}`, error);
    }
  }

  const removeMessage = drawn
    ? `${name} leaves the exchange. The names stay drawn: only the assignments that must change will change (whoever gives to ${name} gets someone new), and the people concerned are told by e-mail.`
    : `${name} leaves the exchange and their draw restrictions are deleted. You can invite them again later.`;

  return (
    <>
      {participant.deliveryProblem === 'bounced' ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => setDialog('replace')}
          data-testid="participant-correct-email"
        >
          Correct the address
        </Button>
      ) : null}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default" aria-label={`Manage ${name}`} data-testid="participant-actions">
            Manage
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {participant.status === 'invited' ? (
            <Menu.Item onClick={() => void resendInvitation()} data-testid="participant-resend">
              Resend invitation
            </Menu.Item>
          ) : null}
          {participant.status !== 'declined' ? (
            <Menu.Item
              onClick={() => void assistant.set(participant, !participant.isAssistant)}
              data-testid="participant-assistant-toggle"
            >
              {participant.isAssistant ? 'Stop being an assistant' : 'Make assistant'}
            </Menu.Item>
          ) : null}
          {open && participant.isDisqualified ? (
            <Menu.Item onClick={() => void restore.restore(participant)} data-testid="participant-restore">
              Restore to the draw
            </Menu.Item>
          ) : null}
          {open && !participant.isDisqualified ? (
            <Menu.Item onClick={() => setDialog('disqualify')} data-testid="participant-disqualify">
              Disqualify
            </Menu.Item>
          ) : null}
          <Menu.Item onClick={() => setDialog('replace')} data-testid="participant-replace">
            Replace by someone else
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => setDialog('remove')} data-testid="participant-remove">
            Remove from the exchange
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={dialog === 'remove'}
        title={`Remove ${name}?`}
        message={removeMessage}
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setDialog(null)}
        confirmTestId="participant-remove-confirm"
      />
      <LazyModal
        opened={dialog === 'replace'}
        onClose={() => setDialog(null)}
        title={participant.deliveryProblem === 'bounced' ? `Correct ${name}’s address` : `Replace ${name}`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {dialog === 'replace' ? (
          <ReplaceForm
            exchangeId={exchangeId}
            participant={participant}
            onCancel={() => setDialog(null)}
            onDone={(outcome, newcomer) => {
              setDialog(null);
              toast.success(`${newcomer} takes ${name}’s place.${changedGiversText(outcome)}`);
              onRemoved?.();
              void refresh();
            }}
          />
        ) : null}
      </LazyModal>
      <LazyModal
        opened={dialog === 'disqualify'}
        onClose={() => setDialog(null)}
        title={`Disqualify ${name}?`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {dialog === 'disqualify' ? (
          <DisqualifyForm
            exchangeId={exchangeId}
            participant={participant}
            onCancel={() => setDialog(null)}
            onDone={() => {
              setDialog(null);
              toast.success(`${name} is left out of the draw.`);
              void refresh();
            }}
          />
        ) : null}
      </LazyModal>
    </>
  );
}
