/**
 * The lazily loaded contents of query-flag-dialogs.tsx: each flag's dialog.
 *
 * - priceDropRequest / priceDropSignUp: the shop's price-drop panel (the same one the product
 *   card's "Watch price" opens) for the address's productId or wishId (read when it opens).
 * - requestWishlist=<userId>: ask that person for a wish list (wishLists.requestList). Visitors are
 *   offered a log-in that comes back here; "already asked" and "they already have a wish list"
 *   (CONFLICT, with a link to their lists) are said plainly.
 */
import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../routes/link';
import { useIdentity } from '../auth/identity-provider';
import { errorText } from '../kit/states';
import { href } from '../routes/route-table';
import { trpc } from '../trpc';
import { PriceDropPanel, type TPriceDropTarget } from '../features/shop/price-drop-dialog';
import { logInHref } from '../features/shop/shop-parts';
import type { TOpenDialog } from './query-flag-dialogs';
import { statusOf } from './runtime/app-runtime';

const TITLES: Record<TOpenDialog['kind'], string> = {
  priceDropRequest: 'Price-drop alerts',
  priceDropSignUp: 'Sign up for price-drop alerts',
  requestWishlist: 'Ask for a wish list',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a price-drop flag is about: the address's `productId`, else `wishId` (one of the member's
 * wishes from the shop), when it is a UUID. Read here, in the lazy chunk, not in the shell: the
 * flags leave the address when their dialog opens, these two stay.
 */
export function priceDropTargetOf(search: string): TPriceDropTarget | null {
  const params = new URLSearchParams(search);
  const productId = (params.get('productId') ?? '').trim();
  if (UUID.test(productId)) return { productId: productId.toLowerCase() };
  const wishId = (params.get('wishId') ?? '').trim();
  if (UUID.test(wishId)) return { wishId: wishId.toLowerCase() };
  return null;
}

/** The price-drop panel for the target in the address when the dialog opened. */
function PriceDropFlagPanel({ kind, onClose }: { kind: 'priceDropRequest' | 'priceDropSignUp'; onClose: () => void }) {
  const { search } = useLocation();
  const [target] = useState(() => priceDropTargetOf(search));
  return (
    <PriceDropPanel
      target={target}
      mode={kind === 'priceDropSignUp' ? 'signUp' : 'request'}
      onClose={onClose}
      testId={kind === 'priceDropSignUp' ? 'price-drop-sign-up-dialog' : 'price-drop-request-dialog'}
    />
  );
}

type TRequestState = 'loading' | 'signed-out' | 'not-found' | 'self' | 'ask' | 'asked' | 'already-asked' | 'has-list';

function CloseButton({ onClose, label = 'Close' }: { onClose: () => void; label?: string }) {
  return (
    <Button variant="default" onClick={onClose} data-testid="query-flag-dialog-close">
      {label}
    </Button>
  );
}

function RequestWishlistPanel({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { identity, flags, isReady } = useIdentity();
  const { pathname, search } = useLocation();
  const person = trpc.people.get.useQuery({ userId }, { retry: false });
  const request = trpc.wishLists.requestList.useMutation();
  const signedIn = identity !== null && flags.isAuthenticated;
  const name = person.data?.displayName ?? 'this person';
  const conflict = request.isError && statusOf(request.error) === 409;

  let state: TRequestState;
  if (!isReady || person.isPending) state = 'loading';
  else if (person.isError) state = 'not-found';
  else if (!signedIn) state = 'signed-out';
  else if (identity?.userId === userId || person.data?.relation.isSelf) state = 'self';
  else if (conflict) state = 'has-list';
  else if (request.data) state = request.data.alreadyAsked ? 'already-asked' : 'asked';
  else state = 'ask';

  const returnTo = (): string => {
    const params = new URLSearchParams(search);
    params.set('requestWishlist', userId);
    return `${pathname}?${params.toString()}`;
  };
  const lists = (
    <Anchor
      component={Link}
      to={href('v2.profile.wishLists', { userId })}
      onClick={onClose}
      data-testid="request-wishlist-lists"
    >
      See {name}’s wish lists
    </Anchor>
  );

  return (
    <Stack
      gap="md"
      data-testid="request-wishlist-dialog"
      data-user-id={userId}
      data-state={state}
      aria-busy={state === 'loading'}
    >
      {state === 'loading' ? (
        <Stack gap="xs" aria-label="Loading">
          <Skeleton h={16} w="80%" />
          <Skeleton h={16} w="50%" />
        </Stack>
      ) : null}

      {state === 'not-found' ? (
        <>
          <Text>{errorText(person.error)}</Text>
          <Text size="sm" c="dimmed">
            We could not find the person this link is about.
          </Text>
          <Group justify="flex-end">
            <CloseButton onClose={onClose} />
          </Group>
        </>
      ) : null}

      {state === 'signed-out' ? (
        <>
          <Text>
            Log in to ask <strong>{name}</strong> to make a wish list. We send them a friendly note; you never see their
            answer unless they share a list.
          </Text>
          <Group justify="flex-end" gap="sm">
            <CloseButton onClose={onClose} label="Not now" />
            <Button component={Link} to={logInHref(returnTo())} onClick={onClose} data-testid="request-wishlist-log-in">
              Log in
            </Button>
          </Group>
        </>
      ) : null}

      {state === 'self' ? (
        <>
          <Text>This is you. Make a wish list and share it, and nobody has to ask.</Text>
          <Group justify="flex-end" gap="sm">
            <CloseButton onClose={onClose} />
            <Button component={Link} to={href('v2.wishLists.create')} onClick={onClose}>
              Make a wish list
            </Button>
          </Group>
        </>
      ) : null}

      {state === 'ask' ? (
        <>
          <Text>
            Ask <strong>{name}</strong> to make a wish list? We send them a note saying you would like to know what they
            wish for.
          </Text>
          {request.isError ? (
            <Alert color="red" variant="light" role="alert" data-testid="request-wishlist-failure">
              {errorText(request.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <CloseButton onClose={onClose} label="Cancel" />
            <Button
              onClick={() => request.mutate({ userId })}
              loading={request.isPending}
              data-testid="request-wishlist-send"
            >
              Ask for a wish list
            </Button>
          </Group>
        </>
      ) : null}

      {state === 'asked' || state === 'already-asked' ? (
        <>
          <Text role="status" data-testid="request-wishlist-done">
            {state === 'asked'
              ? `We asked ${name} for a wish list. We will let you know when they make one.`
              : `You already asked ${name} this week, so we did not send another note.`}
          </Text>
          <Group justify="flex-end">
            <CloseButton onClose={onClose} label="Done" />
          </Group>
        </>
      ) : null}

      {state === 'has-list' ? (
        <>
          <Text role="status" data-testid="request-wishlist-has-list">
            They already have a wish list. {lists}
          </Text>
          <Group justify="flex-end">
            <CloseButton onClose={onClose} />
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

export default function QueryFlagModal({
  current,
  onClose,
}: {
  current: TOpenDialog | undefined;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={current !== undefined}
      onClose={onClose}
      title={current ? TITLES[current.kind] : undefined}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {current?.kind === 'requestWishlist' ? (
        <RequestWishlistPanel key={current.userId} userId={current.userId} onClose={onClose} />
      ) : current ? (
        <PriceDropFlagPanel key={current.kind} kind={current.kind} onClose={onClose} />
      ) : null}
    </Modal>
  );
}
