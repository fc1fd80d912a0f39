/**
 * A list as its owner (or their family manager) sees it: wishes to add, edit, delete, reorder (drag
 * and drop, or the Move up / Move down buttons, saved at once and put back when the save fails),
 * mark received (after a confirmation: it shows the givers for good and tells them), and for wishes
 * from the shop, watch the price. It shows nothing about what others bought: the server's owner
 * view has no such fields.
 */
import { Alert, Badge, Button, Card, Group, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { lazyDialog } from '../../app/lazy-modal';
import { useState, type DragEvent } from 'react';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { EmptyState, errorText } from '../../kit/states';
import { trpc } from '../../trpc';
import { GiftIcon } from '../../app/icons';
import type { TWishSort } from '../../../server/contracts/wish-lists';
import { ReceivedConfirm, WatchPriceButton, receivedToast, type TReceivedChange } from './owner-wish-actions';
import { WishSummary, type TOwnWish, type TWishListDetail, useWishToast } from './wish-list-parts';
import { formatDate } from '../../kit/format';

type TOwnerDetail = Extract<TWishListDetail, { view: 'owner' }>;
type TGetInput = { wishlistId: string; sort: TWishSort };

import type { TEditing } from './wish-modal';

/** `items` with the one at `from` moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

function useOwnerCache(input: TGetInput) {
  const utils = trpc.useUtils();
  return {
    utils,
    read: () => utils.wishLists.get.getData(input),
    write: (update: (wishes: TOwnWish[]) => TOwnWish[]) =>
      utils.wishLists.get.setData(input, (current) =>
        current && current.view === 'owner' ? { ...current, wishes: update(current.wishes) } : current,
      ),
    restore: (previous: TWishListDetail | undefined) => utils.wishLists.get.setData(input, previous),
    refreshAll: () =>
      Promise.all([
        utils.wishLists.get.invalidate({ wishlistId: input.wishlistId }),
        utils.wishLists.mine.invalidate(),
        utils.wishLists.ofUser.invalidate(),
      ]),
  };
}

/**
 * The add / edit dialog with its form, loaded the first time it opens: the form's schemas bring zod,
 * which the list itself does not need to paint (issue 27).
 */
const WishDialog = lazyDialog(() => import('./wish-modal'));

export function OwnerView({
  detail,
  input,
  canWatchPrices,
}: {
  detail: TOwnerDetail;
  input: TGetInput;
  canWatchPrices: boolean;
}) {
  const toast = useWishToast();
  const cache = useOwnerCache(input);
  const reorder = trpc.wishLists.reorder.useMutation();
  const setReceived = trpc.wishLists.setReceived.useMutation();
  const remove = trpc.wishLists.deleteWish.useMutation();
  const [editing, setEditingState] = useState<TEditing | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  // A fresh form each time the dialog opens.
  const [openCount, setOpenCount] = useState(0);
  const setEditing = (next: TEditing): void => {
    setEditingState(next);
    setOpenCount((count) => count + 1);
    setModalOpen(true);
  };
  const [deleting, setDeleting] = useState<TOwnWish | null>(null);
  const [receiving, setReceiving] = useState<TReceivedChange | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const wishes = detail.wishes;
  const canReorder = input.sort === 'custom' && wishes.length > 1;

  function move(from: number, to: number): void {
    if (from === to || to < 0 || to >= wishes.length) return;
    const next = moved(wishes, from, to);
    const previous = cache.read();
    cache.write(() => next.map((wish, index) => ({ ...wish, sortOrder: index })));
    setAnnouncement(`“${wishes[from]?.title ?? ''}” moved to position ${to + 1} of ${wishes.length}.`);
    reorder
      .mutateAsync({ wishlistId: detail.list.wishlistId, wishIds: next.map((wish) => wish.wishId) })
      .catch((error: unknown) => {
        cache.restore(previous);
        setAnnouncement('The new order could not be saved; the list is back as it was.');
        toast.error(errorText(error), 'Could not save the new order');
        void cache.utils.wishLists.get.invalidate(input);
      });
  }

  function toggleReceived(wish: TOwnWish, received: boolean): void {
    const previous = cache.read();
    cache.write((list) =>
      list.map((item) =>
        item.wishId === wish.wishId ? { ...item, receivedAt: received ? new Date().toISOString() : null } : item,
      ),
    );
    setReceived
      .mutateAsync({ wishId: wish.wishId, received })
      .then((saved) => {
        cache.write((list) => list.map((item) => (item.wishId === saved.wishId ? saved : item)));
        void cache.utils.wishLists.giftsReceived.invalidate();
        toast.success(receivedToast(saved, received));
      })
      .catch((error: unknown) => {
        cache.restore(previous);
        toast.error(errorText(error), 'Could not change it');
      });
  }

  async function confirmDelete(): Promise<void> {
    const wish = deleting;
    if (!wish) return;
    try {
      await remove.mutateAsync({ wishId: wish.wishId });
      setDeleting(null);
      toast.success(`“${wish.title}” is deleted`);
      await cache.refreshAll();
    } catch (error) {
      toast.error(errorText(error), 'Could not delete the wish');
    }
  }

  function dropOn(index: number, event: DragEvent<HTMLDivElement>): void {
    event.preventDefault();
    if (dragFrom !== null) move(dragFrom, index);
    setDragFrom(null);
    setDragOver(null);
  }

  return (
    <Stack gap="md" data-testid="owner-view">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed" maw={560}>
          Surprises stay surprises: this page never shows what your friends plan to give. Mark a gift received when it
          arrives to see who it came from.
        </Text>
        <Button onClick={() => setEditing({ kind: 'add' })} data-testid="wish-add">
          Add a wish
        </Button>
      </Group>
      {canReorder ? (
        <Text size="sm" c="dimmed">
          Drag wishes, or use Move up and Move down, to put the most important first.
        </Text>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite" data-testid="reorder-status">
        {announcement}
      </VisuallyHidden>
      {wishes.length === 0 ? (
        <EmptyState
          icon={<GiftIcon size={24} />}
          title="No wishes on this list yet"
          description="Add what you would love to get: by hand, from the shop, or from any shop's web page."
          action={
            <Button onClick={() => setEditing({ kind: 'add' })} data-testid="wish-add-empty">
              Add the first wish
            </Button>
          }
        />
      ) : (
        <ol
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--mantine-spacing-sm)' }}
          data-testid="owner-wishes"
        >
          {wishes.map((wish, index) => (
            <li key={wish.wishId}>
              <Card
                withBorder
                radius="md"
                padding="md"
                draggable={canReorder}
                onDragStart={(event) => {
                  setDragFrom(index);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', wish.wishId);
                }}
                onDragOver={(event) => {
                  if (dragFrom === null) return;
                  event.preventDefault();
                  setDragOver(index);
                }}
                onDragLeave={() => setDragOver((current) => (current === index ? null : current))}
                onDrop={(event) => dropOn(index, event)}
                onDragEnd={() => {
                  setDragFrom(null);
                  setDragOver(null);
                }}
                style={{
                  cursor: canReorder ? 'grab' : undefined,
                  outline:
                    dragOver === index && dragFrom !== index ? '2px dashed var(--mantine-color-red-6)' : undefined,
                  opacity: dragFrom === index ? 0.6 : 1,
                }}
                data-testid="owner-wish"
                data-wish-id={wish.wishId}
              >
                <WishSummary wish={wish}>
                  {wish.receivedAt ? (
                    <Group gap="xs">
                      <Badge color="green" variant="light" data-testid="wish-received-badge">
                        Received
                      </Badge>
                      <Text size="sm" c="dimmed">
                        on {formatDate(wish.receivedAt)}
                      </Text>
                    </Group>
                  ) : null}
                  <Group gap="xs" mt="xs" wrap="wrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing({ kind: 'edit', wish })}
                      data-testid="wish-edit"
                      aria-label={`Edit: ${wish.title}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      onClick={() => setDeleting(wish)}
                      data-testid="wish-delete"
                      aria-label={`Delete: ${wish.title}`}
                    >
                      Delete
                    </Button>
                    {canReorder ? (
                      <>
                        <Button
                          size="xs"
                          variant="subtle"
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                          data-testid="wish-move-up"
                          aria-label={`Move up: ${wish.title}`}
                        >
                          Move up
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          disabled={index === wishes.length - 1}
                          onClick={() => move(index, index + 1)}
                          data-testid="wish-move-down"
                          aria-label={`Move down: ${wish.title}`}
                        >
                          Move down
                        </Button>
                      </>
                    ) : null}
                    {canWatchPrices && wish.productId ? <WatchPriceButton wish={wish} /> : null}
                    <Switch
                      ml="auto"
                      label="Received"
                      aria-label={`Received: ${wish.title}`}
                      checked={wish.receivedAt !== null}
                      onChange={(event) => setReceiving({ wish, received: event.currentTarget.checked })}
                      data-testid="wish-received"
                    />
                  </Group>
                </WishSummary>
              </Card>
            </li>
          ))}
        </ol>
      )}
      {input.sort !== 'custom' && wishes.length > 1 ? (
        <Alert variant="light" color="gray">
          Choose “My order” to move wishes around.
        </Alert>
      ) : null}
      <WishDialog
        opened={modalOpen}
        formKey={openCount}
        editing={editing}
        wishlistId={detail.list.wishlistId}
        onClose={() => setModalOpen(false)}
        onSaved={cache.refreshAll}
      />
      <ReceivedConfirm
        change={receiving}
        onConfirm={(change) => {
          setReceiving(null);
          toggleReceived(change.wish, change.received);
        }}
        onCancel={() => setReceiving(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete “${deleting?.title ?? ''}”?`}
        message="The wish leaves this list for good."
        confirmLabel="Delete wish"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        confirmTestId="wish-delete-confirm"
      />
    </Stack>
  );
}
