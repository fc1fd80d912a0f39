/**
 * /admin/clonewishlists/ (v2.admin.cloneWishLists): copy lists and their wishes from one member to
 * another (?from= picks the first member). Staff choose the lists (all by default), the member who
 * gets the copies and the reason; the server copies them all, or none, in one audited step.
 */
import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import type { TAdminUser, TAdminWishList, TCloneResult } from '../../../server/contracts/admin';
import { ZStaffReason } from '../../../server/contracts/admin';
import { isUuid } from '../../../server/contracts/validation-values';
import { ListIcon } from '../../app/icons';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { trpc } from '../../trpc';
import { AdminPage, useStaff } from './admin-page';
import { ReasonField, UserPicker, failureText, isForbidden } from './admin-parts';
import { countOf } from '../../kit/format';

const ZCloneForm = z.object({ reason: ZStaffReason });

function Lists({
  lists,
  selected,
  onToggle,
}: {
  lists: TAdminWishList[];
  selected: Set<string>;
  onToggle: (wishlistId: string, on: boolean) => void;
}) {
  return (
    <Stack gap="xs" data-testid="clone-lists" role="group" aria-label="Lists to copy">
      {lists.map((list) => (
        <Checkbox
          key={list.wishlistId}
          checked={selected.has(list.wishlistId)}
          onChange={(event) => onToggle(list.wishlistId, event.currentTarget.checked)}
          label={`${list.title} (${list.wishCount} wishes, ${list.privacy}${list.isDefault ? ', default' : ''})`}
          data-testid="clone-list"
        />
      ))}
    </Stack>
  );
}

export default function CloneWishListsScreen() {
  const [search] = useSearchParams();
  const presetId = search.get('from');
  const preset = trpc.admin.user.useQuery(
    { userId: presetId ?? '' },
    { enabled: presetId !== null && isUuid(presetId), retry: false },
  );
  const staff = useStaff();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [from, setFrom] = useState<TAdminUser | null>(null);
  const [fromTouched, setFromTouched] = useState(false);
  const [to, setTo] = useState<TAdminUser | null>(null);
  const [unselected, setUnselected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState<string | null>(null);
  const [result, setResult] = useState<TCloneResult | null>(null);
  const source = from ?? (fromTouched ? null : (preset.data ?? null));
  const lists = trpc.admin.userWishLists.useQuery(
    { userId: source?.userId ?? '' },
    { enabled: source !== null, retry: false },
  );
  const chosen = (lists.data ?? []).filter((list) => !unselected.has(list.wishlistId));
  const mutation = trpc.admin.cloneWishLists.useMutation();
  const form = useSchemaForm(ZCloneForm, { reason: '' }, async (values) => {
    if (!source || !to) throw new Error('Choose both members first');
    if (chosen.length === 0) throw new Error('Choose at least one list');
    setConfirming(values.reason.trim());
  });

  async function run(reason: string): Promise<void> {
    if (!source || !to) return;
    try {
      const answer = await mutation.mutateAsync({
        fromUserId: source.userId,
        toUserId: to.userId,
        wishlistIds: chosen.map((list) => list.wishlistId),
        reason,
      });
      setResult(answer);
      toast.success(`${answer.lists === 1 ? 'One list' : `${answer.lists} lists`} copied to ${to.displayName}`);
      await Promise.all([
        utils.admin.userWishLists.invalidate({ userId: to.userId }),
        utils.admin.user.invalidate({ userId: to.userId }),
      ]);
    } catch (error) {
      if (!isForbidden(error)) toast.error(failureText(error, 'Nothing was copied'), 'Nothing was copied');
    } finally {
      setConfirming(null);
    }
  }

  return (
    <AdminPage
      title="Clone wish lists"
      description="Copy lists and their wishes from one member to another. Who bought what stays with the originals."
      testId="admin-clone"
    >
      {result ? (
        <Alert color="green" variant="light" title="Copied" data-testid="clone-done">
          {`${countOf(result.lists, 'list', 'lists')} and ${countOf(result.wishes, 'wish', 'wishes')} were copied. The originals are unchanged.`}
        </Alert>
      ) : null}
      <UserPicker
        label="Copy from"
        chosen={source}
        onChoose={(user) => {
          setFromTouched(true);
          setFrom(user);
          setUnselected(new Set());
          setResult(null);
        }}
        exclude={to ? [to.userId] : []}
        testId="clone-from"
      />
      {source ? (
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Lists to copy
          </Title>
          <QueryView
            query={lists}
            skeleton={<ListSkeleton rows={2} />}
            isEmpty={(data) => data.length === 0}
            empty={
              <EmptyState
                icon={<ListIcon size={24} />}
                title="No wish lists"
                description={`${source.displayName} has no list to copy.`}
              />
            }
          >
            {(data) => (
              <Lists
                lists={data}
                selected={new Set(chosen.map((list) => list.wishlistId))}
                onToggle={(wishlistId, on) =>
                  setUnselected((previous) => {
                    const next = new Set(previous);
                    if (on) next.delete(wishlistId);
                    else next.add(wishlistId);
                    return next;
                  })
                }
              />
            )}
          </QueryView>
        </Stack>
      ) : null}
      <UserPicker
        label="Copy to"
        chosen={to}
        onChoose={(user) => {
          setTo(user);
          setResult(null);
        }}
        exclude={source ? [source.userId] : []}
        testId="clone-to"
      />
      {staff.data && !staff.data.canAct ? (
        <Alert color="blue" variant="light" data-testid="clone-read-only">
          Support analysts can look at lists but not copy them: ask a support admin.
        </Alert>
      ) : (
        <form noValidate onSubmit={form.onSubmit} data-testid="clone-form">
          <Stack gap="sm">
            <FormFailure message={form.failure} testId="clone-failure" />
            <ReasonField field={form.field('reason')} testId="clone-reason" />
            <Group>
              <Button type="submit" data-testid="clone-submit">
                Copy the lists
              </Button>
              <Text size="sm" c="dimmed">{`${countOf(chosen.length, 'list', 'lists')} chosen`}</Text>
            </Group>
          </Stack>
        </form>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title="Copy these lists?"
        message={`${chosen.length === 1 ? 'One list' : `${chosen.length} lists`} of ${source?.displayName ?? 'the member'} and their wishes are copied to ${to?.displayName ?? 'the other member'}.`}
        confirmLabel="Copy the lists"
        destructive={false}
        loading={mutation.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) void run(confirming);
        }}
        confirmTestId="clone-confirm"
      />
    </AdminPage>
  );
}
