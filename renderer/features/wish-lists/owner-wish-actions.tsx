/**
 * Owner-side pieces of a list: watching a shop wish's price, the confirmation before marking a gift
 * received (it shows its givers for good and tells them) or un-marking it (the givers stay shown),
 * and the read-only owner's view for a session that is on the owner's side without editing the
 * list (switched into another account, or a related account): it shows nothing about claims either.
 */
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { EmptyState, errorText } from '../../kit/states';
import { GiftIcon } from '../../app/icons';
import { trpc } from '../../trpc';
import { WishSummary, useWishToast, type TOwnWish, type TWishListDetail } from './wish-list-parts';
import { formatDate } from '../../kit/format';

export function WatchPriceButton({ wish }: { wish: TOwnWish }) {
  const toast = useWishToast();
  const watch = trpc.shop.subscribePriceDrop.useMutation();
  async function start(): Promise<void> {
    try {
      const status = await watch.mutateAsync({ wishId: wish.wishId });
      if (status.notificationsEnabled)
        toast.success(`We will tell you when “${wish.title}” gets cheaper.`, 'Watching the price');
      else
        toast.info(
          `You are watching “${wish.title}”, but price-drop notifications are off in your settings.`,
          'Watching the price',
        );
    } catch (error) {
      toast.error(errorText(error), 'Could not watch the price');
    }
  }
  return (
    <Button
      size="xs"
      variant="light"
      onClick={() => void start()}
      loading={watch.isPending}
      disabled={watch.isSuccess}
      data-testid="wish-watch-price"
      aria-label={`${watch.isSuccess ? 'Watching the price' : 'Watch price'}: ${wish.title}`}
    >
      {watch.isSuccess ? 'Watching the price' : 'Watch price'}
    </Button>
  );
}

export interface TReceivedChange {
  wish: TOwnWish;
  received: boolean;
}

/** Asks before a received switch changes: marking reveals the givers for good and tells them. */
export function ReceivedConfirm({
  change,
  onConfirm,
  onCancel,
}: {
  change: TReceivedChange | null;
  onConfirm: (change: TReceivedChange) => void;
  onCancel: () => void;
}) {
  const title = change?.wish.title ?? '';
  const marking = change?.received ?? true;
  return (
    <ConfirmDialog
      opened={change !== null}
      title={marking ? `Mark “${title}” received?` : `Un-mark “${title}”?`}
      message={
        marking
          ? 'You will see who gave it under Gifts received, and they are told that you now know. This cannot be taken back: un-marking it later does not hide them again.'
          : 'It will no longer show as received. Who gave it stays visible under Gifts received: they were already told you know.'
      }
      confirmLabel={marking ? 'Mark received and see who gave it' : 'Un-mark'}
      destructive={false}
      onConfirm={() => {
        if (change) onConfirm(change);
      }}
      onCancel={onCancel}
      confirmTestId="wish-received-confirm"
    />
  );
}

/** The words after a received switch changed. */
export function receivedToast(wish: TOwnWish, received: boolean): string {
  if (received) return `“${wish.title}” is marked received. Its givers were told; see them under Gifts received.`;
  return wish.giversRevealedAt
    ? `“${wish.title}” is no longer marked received. Its givers stay shown under Gifts received.`
    : `“${wish.title}” is no longer marked received.`;
}

type TOwnerDetail = Extract<TWishListDetail, { view: 'owner' }>;

/** The owner's view without editing: for the owner's side reading from another account. */
export function OwnSideView({ detail }: { detail: TOwnerDetail }) {
  return (
    <Stack gap="md" data-testid="own-side-view">
      <Alert variant="light" color="blue" title="This list is on your side" data-testid="own-side-notice">
        You are signed in to an account linked to {detail.list.owner.displayName}’s: you switched here from it, or it
        shares your e-mail address. What others bought stays a surprise here too, and you cannot mark these wishes as
        bought.
      </Alert>
      {detail.wishes.length === 0 ? (
        <EmptyState
          icon={<GiftIcon size={24} />}
          title="No wishes on this list yet"
          description="Wishes added from the owner's own account show here."
        />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="own-side-wishes">
          {detail.wishes.map((wish) => (
            <Card key={wish.wishId} component="li" withBorder radius="md" padding="md" data-testid="own-side-wish">
              <WishSummary wish={wish}>
                {wish.receivedAt ? (
                  <Text size="sm" c="dimmed">
                    Received on {formatDate(wish.receivedAt)}
                  </Text>
                ) : null}
              </WishSummary>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
