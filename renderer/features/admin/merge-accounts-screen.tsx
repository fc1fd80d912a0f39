/**
 * /admin/mergeaccounts/ (v2.admin.mergeAccounts): two accounts of one person become one. Staff
 * choose the account to keep and the one to merge into it (?keep=&merge= fills them in), read what
 * both share first (blocking conflicts on top, each with what the merge does about it), then what
 * moves, and confirm with a reason. The server does it in one audited transaction.
 */
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import type { TAdminUser, TMergePreview, TMergeResult } from '../../../server/contracts/admin';
import { ZStaffReason } from '../../../server/contracts/admin';
import { isUuid } from '../../../server/contracts/validation-values';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';
import { QueryView } from '../../kit/query-view';
import { ListSkeleton } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { trpc } from '../../trpc';
import { AdminPage, useStaff } from './admin-page';
import { ReasonField, UserPicker, failureText, isForbidden } from './admin-parts';

const ZMergeForm = z.object({ reason: ZStaffReason });

/** A member named in the address (?keep=…), loaded once so the picker can show them. */
function usePreset(userId: string | null) {
  return trpc.admin.user.useQuery(
    { userId: userId ?? '' },
    { enabled: userId !== null && isUuid(userId), retry: false },
  );
}

function Conflicts({ preview }: { preview: TMergePreview }) {
  if (preview.conflicts.length === 0)
    return (
      <Alert color="green" variant="light" data-testid="merge-no-conflicts">
        The two accounts share nothing: everything simply moves.
      </Alert>
    );
  return (
    <Stack gap="xs" data-testid="merge-conflicts">
      <Title order={2} fz="lg">
        What both accounts share ({preview.conflicts.length})
      </Title>
      {preview.conflicts.map((conflict, index) => (
        <Card
          key={`${conflict.kind}-${index}`}
          withBorder
          radius="md"
          padding="sm"
          data-testid="merge-conflict"
          data-blocking={conflict.blocking}
        >
          <Group gap="xs" align="flex-start" wrap="nowrap">
            {conflict.blocking ? (
              <Badge color="red" variant="filled">
                Blocks the merge
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                Resolved
              </Badge>
            )}
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {conflict.subject}
              </Text>
              <Text size="sm" c="dimmed">
                {conflict.resolution}
              </Text>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function Moves({ preview }: { preview: TMergePreview | TMergeResult }) {
  const moving = preview.moves.filter((move) => move.count > 0);
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        What moves to the kept account
      </Title>
      {moving.length === 0 ? (
        <Text size="sm" c="dimmed">
          The merged account holds nothing but itself.
        </Text>
      ) : (
        <Table striped data-testid="merge-moves">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>What</Table.Th>
              <Table.Th>How many</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {moving.map((move) => (
              <Table.Tr key={move.kind}>
                <Table.Td>{move.label}</Table.Td>
                <Table.Td>{move.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function Merge({
  keep,
  merge,
  onDone,
}: {
  keep: TAdminUser;
  merge: TAdminUser;
  onDone: (result: TMergeResult) => void;
}) {
  const staff = useStaff();
  const toast = useToast();
  const utils = trpc.useUtils();
  const preview = trpc.admin.mergePreview.useQuery(
    { keepUserId: keep.userId, mergeUserId: merge.userId },
    { retry: false },
  );
  const mutation = trpc.admin.mergeAccounts.useMutation();
  const [confirming, setConfirming] = useState<string | null>(null);
  const form = useSchemaForm(ZMergeForm, { reason: '' }, async (values) => setConfirming(values.reason.trim()));
  const canAct = staff.data?.canAct ?? false;

  async function run(reason: string): Promise<void> {
    try {
      const result = await mutation.mutateAsync({ keepUserId: keep.userId, mergeUserId: merge.userId, reason });
      toast.success(`${merge.displayName}’s account is merged into ${keep.displayName}’s`);
      await Promise.all([
        utils.admin.user.invalidate(),
        utils.admin.findUsers.invalidate(),
        utils.admin.mergePreview.invalidate(),
      ]);
      onDone(result);
    } catch (error) {
      if (!isForbidden(error)) toast.error(failureText(error, 'The merge did not happen'), 'Nothing was changed');
    } finally {
      setConfirming(null);
    }
  }

  return (
    <QueryView query={preview} skeleton={<ListSkeleton rows={4} />}>
      {(data) => (
        <Stack gap="lg" data-testid="merge-preview">
          <Conflicts preview={data} />
          <Moves preview={data} />
          {data.blocked ? (
            <Alert color="red" variant="light" role="alert" data-testid="merge-blocked">
              Resolve the blocking conflicts first; then merge.
            </Alert>
          ) : canAct ? (
            <form noValidate onSubmit={form.onSubmit} data-testid="merge-form">
              <Stack gap="sm">
                <FormFailure message={form.failure} testId="merge-failure" />
                <ReasonField field={form.field('reason')} testId="merge-reason" />
                <Group>
                  <Button type="submit" color="red" data-testid="merge-submit">
                    Merge the accounts
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            <Alert color="blue" variant="light" data-testid="merge-read-only">
              Support analysts can look at a merge but not run it: ask a support admin.
            </Alert>
          )}
          <ConfirmDialog
            opened={confirming !== null}
            title="Merge these accounts?"
            message={`Everything of ${merge.displayName} (${merge.email ?? merge.userId}) moves to ${keep.displayName} (${keep.email ?? keep.userId}); the merged account is closed and its sign-ins end. This cannot be undone.`}
            confirmLabel="Merge the accounts"
            loading={mutation.isPending}
            onCancel={() => setConfirming(null)}
            onConfirm={() => {
              if (confirming) void run(confirming);
            }}
            confirmTestId="merge-confirm"
          />
        </Stack>
      )}
    </QueryView>
  );
}

export default function MergeAccountsScreen() {
  const [search] = useSearchParams();
  const keepPreset = usePreset(search.get('keep'));
  const mergePreset = usePreset(search.get('merge'));
  const [keep, setKeep] = useState<TAdminUser | null>(null);
  const [merge, setMerge] = useState<TAdminUser | null>(null);
  const [touched, setTouched] = useState({ keep: false, merge: false });
  const [result, setResult] = useState<TMergeResult | null>(null);
  const keepUser = keep ?? (touched.keep ? null : (keepPreset.data ?? null));
  const mergeUser = merge ?? (touched.merge ? null : (mergePreset.data ?? null));

  return (
    <AdminPage
      title="Merge accounts"
      description="Two accounts of one person become one: lists, wishes, exchanges, groups, follows and messages move to the account you keep."
      testId="admin-merge"
    >
      {result ? (
        <Alert color="green" variant="light" title="Merged" data-testid="merge-done">
          <Stack gap="sm">
            <Text size="sm">
              {result.moves.reduce((sum, move) => sum + move.count, 0)} rows moved; {result.conflicts.length} shared
              items were resolved as shown. The merged account is closed.
            </Text>
            <Group>
              <Button size="xs" variant="default" onClick={() => setResult(null)}>
                Merge two other accounts
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Stack gap="md">
        <UserPicker
          label="Account to keep"
          chosen={keepUser}
          onChoose={(user) => {
            setTouched((previous) => ({ ...previous, keep: true }));
            setKeep(user);
          }}
          exclude={mergeUser ? [mergeUser.userId] : []}
          testId="merge-keep"
        />
        <UserPicker
          label="Account to merge into it"
          chosen={mergeUser}
          onChoose={(user) => {
            setTouched((previous) => ({ ...previous, merge: true }));
            setMerge(user);
          }}
          exclude={keepUser ? [keepUser.userId] : []}
          testId="merge-merged"
        />
      </Stack>
      {keepUser && mergeUser && !result ? (
        <Merge
          key={`${keepUser.userId}:${mergeUser.userId}`}
          keep={keepUser}
          merge={mergeUser}
          onDone={(done) => {
            setResult(done);
            setMerge(null);
            setTouched((previous) => ({ ...previous, merge: true }));
          }}
        />
      ) : null}
    </AdminPage>
  );
}
