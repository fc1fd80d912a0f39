/**
 * People without e-mail, on the participants page of a manager (issue 31): add a person by name
 * (before the draw) and share each one's private link (copy button). A link works on the first
 * browser that opens it; the panel shows whether it was opened and whether someone asked for a new
 * one, and issues a new link (the old one stops working, and the person will see that it had been
 * opened). Nothing here says anything of the draw (docs/secrecy.md, "People without e-mail").
 */
import { Alert, Badge, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ZAddNamedPerson, type TPersonLinkView } from '../../../../server/contracts/person-links';
import { ConfirmDialog } from '../../../kit/confirm-dialog';
import { FormFailure } from '../../../kit/form-parts';
import { useSchemaForm } from '../../../kit/forms';
import { ListSkeleton } from '../../../kit/states';
import { trpc } from '../../../trpc';
import { useExchangeToast, type TExchangeDetail } from './exchange-parts';
import { formatDate } from '../../../kit/format';

/** Added people start a fresh form (its key changes), so the name field is empty again. */
function AddByName({ exchangeId }: { exchangeId: string }) {
  const [round, setRound] = useState(0);
  return <AddByNameForm key={round} exchangeId={exchangeId} onAdded={() => setRound((value) => value + 1)} />;
}

function AddByNameForm({ exchangeId, onAdded }: { exchangeId: string; onAdded: () => void }) {
  const add = trpc.exchanges.addNamedPerson.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const form = useSchemaForm(ZAddNamedPerson.pick({ name: true }), { name: '' }, async ({ name }) => {
    const added = await add.mutateAsync({ exchangeId, name });
    toast.success(`${added.name} is in. Copy their private link below and send it to them.`);
    await Promise.all([
      utils.exchanges.personLinks.invalidate({ exchangeId }),
      utils.exchanges.participants.invalidate({ exchangeId }),
      utils.exchanges.get.invalidate({ exchangeId }),
    ]);
    onAdded();
  });
  return (
    <form onSubmit={form.onSubmit} noValidate data-testid="person-add-form">
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label="Name"
            description="Someone without an e-mail address: they take part through a private link you send them."
            style={{ flex: 1 }}
            {...form.field('name')}
            data-testid="person-add-name"
          />
          <Button type="submit" loading={form.busy} mt={44} data-testid="person-add-submit">
            Add
          </Button>
        </Group>
        <FormFailure message={form.failure} testId="person-add-failure" />
      </Stack>
    </form>
  );
}

function LinkRow({ exchangeId, link }: { exchangeId: string; link: TPersonLinkView }) {
  const [confirming, setConfirming] = useState(false);
  const reissue = trpc.exchanges.reissuePersonLink.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();

  async function confirm(): Promise<void> {
    try {
      await reissue.mutateAsync({ exchangeId, userId: link.userId });
      toast.success(`A new link for ${link.name} is ready; the old one no longer works.`);
      await utils.exchanges.personLinks.invalidate({ exchangeId });
    } catch (error) {
      toast.failed('Could not make a new link', error);
    } finally {
      setConfirming(false);
    }
  }

  return (
    <Card withBorder radius="md" padding="md" data-testid="person-link-row">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm">
          <Text fw={600}>{link.name}</Text>
          <Group gap={6}>
            {link.openedAt ? (
              <Badge color="green" variant="light" data-testid="person-link-opened">
                {`Opened ${formatDate(link.openedAt)}`}
              </Badge>
            ) : (
              <Badge color="gray" variant="light" data-testid="person-link-unopened">
                Not opened yet
              </Badge>
            )}
            {link.newLinkRequestedAt ? (
              <Badge color="orange" variant="light" data-testid="person-link-requested">
                New link requested
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={`Private link for ${link.name}`}
            value={link.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1 }}
            data-testid="person-link-url"
          />
          <CopyButton value={link.url}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'default'}
                color={copied ? 'green' : undefined}
                onClick={copy}
                aria-label={copied ? `Copied the link for ${link.name}` : `Copy link for ${link.name}`}
                data-testid="person-link-copy"
              >
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          <Button variant="subtle" onClick={() => setConfirming(true)} data-testid="person-link-reissue">
            New link
          </Button>
        </Group>
        {link.newLinkRequestedAt ? (
          <Text size="sm" c="dimmed">
            {`Someone opening this link on another browser asked for a new one on ${formatDate(link.newLinkRequestedAt)}. If ${link.name} lost access, make a new link and send it to them.`}
          </Text>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={`Make a new link for ${link.name}?`}
        message={`The current link stops working at once, on every browser. ${link.name} will see whether the old link had been opened.`}
        confirmLabel="Make a new link"
        loading={reissue.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
        confirmTestId="person-link-reissue-confirm"
      />
    </Card>
  );
}

export function PersonLinksPanel({ exchange }: { exchange: TExchangeDetail }) {
  const { exchangeId } = exchange;
  const links = trpc.exchanges.personLinks.useQuery({ exchangeId }, { retry: false });
  const open = exchange.status === 'open';
  if (!open && links.data?.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="person-links-panel">
      <Stack gap="md">
        <Title order={2} fz="h4">
          People without e-mail
        </Title>
        <Alert color="blue" variant="light">
          Send each person their own link (by text message, chat or on paper). A link works on the first browser that
          opens it only, so do not open it yourself: they would see it was already opened.
        </Alert>
        {open ? <AddByName exchangeId={exchangeId} /> : null}
        {links.isLoading ? (
          <ListSkeleton rows={1} />
        ) : (
          <Stack gap="sm" data-testid="person-links-list">
            {(links.data ?? []).map((link) => (
              <LinkRow key={link.userId} exchangeId={exchangeId} link={link} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
