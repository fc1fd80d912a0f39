/**
 * A list as everyone but its owner sees it: each wish says how many are still wanted, and a
 * signed-in member marks it as bought — a share of it when it is wanted more than once (group
 * gifting) — then changes or undoes their share while the gift is not received. When someone else
 * took the last one first, the server's 409 message shows and the list reloads.
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from '../../routes/link';
import type { TWishSort } from '../../../server/contracts/wish-lists';
import { GiftIcon } from '../../app/icons';
import { statusOf } from '../../app/runtime/app-runtime';
import { useIdentity } from '../../auth/identity-provider';
import { EmptyState, errorText } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { WishSummary, type TGuestWish, type TWishListDetail, useWishToast } from './wish-list-parts';

type TGuestDetail = Extract<TWishListDetail, { view: 'guest' }>;
type TGetInput = { wishlistId: string; sort: TWishSort };

function stillWanted(wish: TGuestWish): string {
  return `${wish.remainingQuantity} of ${wish.quantity} still wanted`;
}

function ClaimPanel({ wish, input, ownerName }: { wish: TGuestWish; input: TGetInput; ownerName: string }) {
  const toast = useWishToast();
  const utils = trpc.useUtils();
  const { identity } = useIdentity();
  const claim = trpc.wishLists.claim.useMutation();
  const unclaim = trpc.wishLists.unclaim.useMutation();
  const [choosing, setChoosing] = useState(false);
  const [quantity, setQuantity] = useState('1');
  const mine = wish.myClaimQuantity;
  const most = wish.remainingQuantity + mine;
  const busy = claim.isPending || unclaim.isPending;

  function replace(updated: TGuestWish): void {
    utils.wishLists.get.setData(input, (current) =>
      current && current.view === 'guest'
        ? { ...current, wishes: current.wishes.map((item) => (item.wishId === updated.wishId ? updated : item)) }
        : current,
    );
    void utils.wishLists.purchases.invalidate();
  }

  async function failed(error: unknown, title: string): Promise<void> {
    toast.error(errorText(error), title);
    if (statusOf(error) === 409) await utils.wishLists.get.invalidate({ wishlistId: input.wishlistId });
  }

  async function take(count: number): Promise<void> {
    try {
      const updated = await claim.mutateAsync({ wishId: wish.wishId, quantity: count });
      replace(updated);
      setChoosing(false);
      toast.success(
        `${ownerName} will not see this. ${count > 1 ? `You are giving ${count}.` : ''}`.trim(),
        mine > 0 ? 'Your share is changed' : `Marked “${wish.title}” as bought`,
      );
    } catch (error) {
      await failed(error, 'Could not mark it as bought');
    }
  }

  async function undo(): Promise<void> {
    try {
      replace(await unclaim.mutateAsync({ wishId: wish.wishId }));
      setChoosing(false);
      toast.success(`“${wish.title}” is no longer marked as bought by you`);
    } catch (error) {
      await failed(error, 'Could not undo');
    }
  }

  function submitQuantity(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const count = Number(quantity);
    if (!Number.isInteger(count) || count < 1 || count > most) {
      toast.error(`Choose a number from 1 to ${most}.`);
      return;
    }
    void take(count);
  }

  if (wish.isReceived) {
    return (
      <Group gap="xs">
        <Badge color="green" variant="light" data-testid="wish-received-badge">
          Received
        </Badge>
        <Text size="sm" c="dimmed">
          {mine > 0 ? `You gave ${mine}. ${ownerName} has it.` : `${ownerName} already has this.`}
        </Text>
      </Group>
    );
  }

  const status = (
    <Text size="sm" fw={600} data-testid="wish-remaining">
      {stillWanted(wish)}
    </Text>
  );

  if (!identity) {
    return (
      <Stack gap={4}>
        {status}
        <Text size="sm">
          <Anchor component={Link} to={href('v2.authLogin')}>
            Log in
          </Anchor>{' '}
          to mark it as bought.
        </Text>
      </Stack>
    );
  }

  const quantityForm = (
    <form onSubmit={submitQuantity} data-testid="claim-form">
      <Group gap="xs" align="flex-end">
        <TextInput
          label={mine > 0 ? 'How many you are giving' : 'How many did you buy?'}
          type="number"
          inputMode="numeric"
          min={1}
          max={most}
          w={190}
          size="xs"
          value={quantity}
          onChange={(event) => setQuantity(event.currentTarget.value)}
          data-testid="claim-quantity"
        />
        <Button
          type="submit"
          size="xs"
          loading={claim.isPending}
          data-testid="claim-confirm"
          aria-label={`${mine > 0 ? 'Save' : 'Mark as bought'}: ${wish.title}`}
        >
          {mine > 0 ? 'Save' : 'Mark as bought'}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setChoosing(false)}>
          Cancel
        </Button>
      </Group>
    </form>
  );

  if (mine > 0) {
    return (
      <Stack gap={6}>
        {status}
        <Group gap="xs">
          <Badge color="blue" variant="light" data-testid="wish-my-claim">
            You bought {mine}
          </Badge>
          {most > 1 ? (
            <Button
              size="xs"
              variant="default"
              disabled={busy}
              onClick={() => {
                setQuantity(String(mine));
                setChoosing(true);
              }}
              data-testid="claim-change"
              aria-label={`Change: how many of ${wish.title} you bought`}
            >
              Change
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            loading={unclaim.isPending}
            disabled={busy}
            onClick={() => void undo()}
            data-testid="claim-undo"
            aria-label={`Undo: ${wish.title} is not bought by me`}
          >
            Undo
          </Button>
        </Group>
        {choosing ? quantityForm : null}
      </Stack>
    );
  }

  if (wish.remainingQuantity === 0) {
    return (
      <Group gap="xs">
        {status}
        <Badge color="gray" variant="light">
          Someone is giving this
        </Badge>
      </Group>
    );
  }

  return (
    <Stack gap={6}>
      {status}
      {wish.quantity > 1 && choosing ? (
        quantityForm
      ) : (
        <Group>
          <Button
            size="xs"
            loading={claim.isPending}
            onClick={() => {
              if (wish.quantity > 1) {
                setQuantity('1');
                setChoosing(true);
              } else void take(1);
            }}
            data-testid="claim-start"
            aria-label={`Mark as bought: ${wish.title}`}
          >
            Mark as bought
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function GuestView({ detail, input }: { detail: TGuestDetail; input: TGetInput }) {
  const ownerName = detail.list.owner.shortName || detail.list.owner.displayName;
  if (detail.wishes.length === 0)
    return (
      <EmptyState
        icon={<GiftIcon size={24} />}
        title="No wishes on this list yet"
        description={`${ownerName} has not added anything here. Come back later, or look at their other lists.`}
        action={
          <Button component={Link} to={href('v2.profile.wishLists', { userId: detail.list.ownerId })} variant="light">
            See {ownerName}'s lists
          </Button>
        }
      />
    );
  return (
    <Stack gap="sm" data-testid="guest-view">
      <Text size="sm" c="dimmed">
        Buying something from this list? Mark it as bought so nobody else gives the same. {ownerName} never sees it.
      </Text>
      <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
        {detail.wishes.map((wish) => (
          <li key={wish.wishId}>
            <Card withBorder radius="md" padding="md" data-testid="guest-wish" data-wish-id={wish.wishId}>
              <WishSummary wish={wish}>
                <ClaimPanel wish={wish} input={input} ownerName={ownerName} />
              </WishSummary>
            </Card>
          </li>
        ))}
      </ol>
    </Stack>
  );
}
