/**
 * /groups/:groupId/settings/ (v2.groups.settings). Every member: "My membership" (birthday alerts,
 * the group discussion's e-mails, receiver only; `groups.updateMyFlags`, saved at once and put
 * back when refused) and Leave. Managers: the group's name, description and privacy. The owner:
 * delete the group (after a confirmation).
 */
import { Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAppNavigate } from '../../routes/app-navigate';
import type { TMembershipFlags } from '../../../server/contracts/social';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { EmptyState, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { GroupForm } from './group-form';
import { GroupPage } from './group-page';
import { type TGroupDetail } from './group-parts';
import { LeaveButton } from './membership-actions';

type TFlagKey = 'isBirthdayAlertsEnabled' | 'isTopicNotificationEnabled' | 'isReceiverOnly';

const FLAG_SWITCHES: readonly { key: TFlagKey; label: string; description: string }[] = [
  {
    key: 'isBirthdayAlertsEnabled',
    label: 'Birthday alerts',
    description: "A reminder on your home page and in Messages, two weeks before a member's birthday.",
  },
  {
    key: 'isTopicNotificationEnabled',
    label: 'Group discussion e-mails',
    description: 'An e-mail when someone writes in the group chat.',
  },
  {
    key: 'isReceiverOnly',
    label: 'Receiver only',
    description: 'You receive gifts from the group but are not expected to give (for example a child).',
  },
];

function MyMembership({ group }: { group: TGroupDetail }) {
  const { groupId } = group;
  const utils = trpc.useUtils();
  const toast = useToast();
  const update = trpc.groups.updateMyFlags.useMutation();
  const flags = group.myFlags;
  if (!flags) return null;

  function change(key: TFlagKey, value: boolean): void {
    const previous = utils.groups.get.getData({ groupId });
    const patch: Partial<TMembershipFlags> = { [key]: value };
    utils.groups.get.setData({ groupId }, (current) =>
      current?.myFlags ? { ...current, myFlags: { ...current.myFlags, ...patch } } : current,
    );
    update
      .mutateAsync({ groupId, [key]: value })
      .then((saved) => {
        utils.groups.get.setData({ groupId }, (current) => (current ? { ...current, myFlags: saved } : current));
        toast.success('Saved');
      })
      .catch((error: unknown) => {
        utils.groups.get.setData({ groupId }, previous);
        toast.error(`Could not save the setting: ${errorText(error)}`);
      });
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="group-my-membership">
      <Stack gap="md">
        <Title order={2} fz="h3" id="group-my-membership">
          My membership
        </Title>
        {FLAG_SWITCHES.map((item) => (
          <Switch
            key={item.key}
            label={item.label}
            description={item.description}
            checked={flags[item.key]}
            onChange={(event) => change(item.key, event.currentTarget.checked)}
            data-testid={`group-flag-${item.key}`}
          />
        ))}
      </Stack>
    </Card>
  );
}

function GroupDetails({ group }: { group: TGroupDetail }) {
  const { groupId } = group;
  const update = trpc.groups.update.useMutation();
  const utils = trpc.useUtils();
  const toast = useToast();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="group-details-title">
      <Stack gap="md">
        <Title order={2} fz="h3" id="group-details-title">
          The group
        </Title>
        <GroupForm
          key={`${group.name}|${group.description ?? ''}|${group.isPrivate}`}
          initial={{ name: group.name, description: group.description ?? '', isPrivate: group.isPrivate }}
          submitLabel="Save"
          testId="group-edit-form"
          onSave={async (fields) => {
            const saved = await update.mutateAsync({ groupId, ...fields });
            utils.groups.get.setData({ groupId }, saved);
            void utils.groups.list.invalidate();
            toast.success('The group is saved');
          }}
        />
      </Stack>
    </Card>
  );
}

function DeleteGroup({ group }: { group: TGroupDetail }) {
  const [confirming, setConfirming] = useState(false);
  const remove = trpc.groups.delete.useMutation();
  const utils = trpc.useUtils();
  const toast = useToast();
  const navigate = useAppNavigate();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="group-delete-title">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="group-delete-title">
          Delete the group
        </Title>
        <Text size="sm">
          The group, its member list and its discussion go for good. Gift exchanges started with it stay.
        </Text>
        <Group>
          <Button color="red" onClick={() => setConfirming(true)} data-testid="group-delete">
            Delete the group
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={`Delete ${group.name}?`}
        message={`${group.name} and its discussion are deleted for everyone. This cannot be undone.`}
        confirmLabel="Delete the group"
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          remove
            .mutateAsync({ groupId: group.groupId })
            .then(async () => {
              setConfirming(false);
              toast.success(`${group.name} is deleted`);
              void utils.groups.list.invalidate();
              await navigate(href('v2.groups.list'));
            })
            .catch((error: unknown) => {
              setConfirming(false);
              toast.error(`Could not delete the group: ${errorText(error)}`);
            });
        }}
        confirmTestId="group-delete-confirm"
      />
    </Card>
  );
}

function Settings({ group }: { group: TGroupDetail }) {
  const navigate = useAppNavigate();
  if (group.myStatus !== 'active')
    return (
      <EmptyState
        title="Only members have settings here"
        description={`Join ${group.name} to choose its e-mails and alerts.`}
      />
    );
  const owner = group.myRole === 'owner';
  return (
    <Stack gap="lg">
      <MyMembership group={group} />
      {group.canManage ? <GroupDetails group={group} /> : null}
      {owner ? (
        <DeleteGroup group={group} />
      ) : (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="group-leave-title">
          <Stack gap="sm">
            <Title order={2} fz="h3" id="group-leave-title">
              Leave the group
            </Title>
            <Text size="sm">You can ask to join again later.</Text>
            <Group>
              <LeaveButton group={group} onLeft={() => void navigate(href('v2.groups.list'))} />
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

export default function GroupSettingsScreen() {
  const { groupId = '' } = useParams();
  return (
    <GroupPage groupId={groupId} title="Settings" testId="group-settings-screen">
      {(group) => <Settings group={group} />}
    </GroupPage>
  );
}
