/**
 * Price-drop alerts (spec §4 price-drop flow: requesting, then signed up on success; on failure the
 * dialog closes, here with an error toast). One panel serves the product card's "Watch price" and
 * the app shell's `?priceDropSignUp` / `?priceDropRequest` flags (with `productId` or `wishId`
 * in the address):
 *
 * - signUp: signs up at once (requesting → signed up);
 * - request: shows the product first and asks (confirm → requesting → signed up), or says it is
 *   watched already.
 *
 * Visitors are offered a log-in that comes back and signs up. When the member's price-drop
 * e-mails are off (subscribePriceDropNotifications), the signed-up state says so and turns them on.
 */
import { Alert, Anchor, Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../../routes/link';
import { LazyModal } from '../../app/lazy-modal';
import { useIdentity } from '../../auth/identity-provider';
import { errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { formatPrice } from './format-price';
import { logInHref } from './shop-parts';

export type TPriceDropTarget = { productId: string } | { wishId: string };
export type TPriceDropMode = 'request' | 'signUp';
export type TPriceDropState = 'loading' | 'signed-out' | 'no-product' | 'confirm' | 'requesting' | 'signed-up';

export interface TPriceDropPanelProps {
  target: TPriceDropTarget | null;
  mode: TPriceDropMode;
  onClose: () => void;
  testId: string;
}

function productIdOf(target: TPriceDropTarget | null): string | null {
  return target && 'productId' in target ? target.productId : null;
}

/** Where a visitor comes back to after logging in: this page, signing up for this target. */
function returnAddress(pathname: string, search: string, target: TPriceDropTarget): string {
  const params = new URLSearchParams(search);
  params.delete('productId');
  params.delete('wishId');
  if ('productId' in target) params.set('productId', target.productId);
  else params.set('wishId', target.wishId);
  params.set('priceDropSignUp', '1');
  return `${pathname}?${params.toString()}`;
}

function CloseButton({ onClose, label = 'Close' }: { onClose: () => void; label?: string }) {
  return (
    <Button variant="default" onClick={onClose} data-testid="query-flag-dialog-close">
      {label}
    </Button>
  );
}

export function PriceDropPanel({ target, mode, onClose, testId }: TPriceDropPanelProps) {
  const { identity, flags, isReady } = useIdentity();
  const { pathname, search } = useLocation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const signedIn = identity !== null && flags.isAuthenticated;
  const canAct = isReady && signedIn && target !== null;
  const targetProductId = productIdOf(target);

  const status = trpc.shop.priceDropStatus.useQuery(
    { productId: targetProductId ?? '' },
    { enabled: canAct && mode === 'request' && targetProductId !== null, retry: false },
  );
  const subscribe = trpc.shop.subscribePriceDrop.useMutation();
  const unsubscribe = trpc.shop.unsubscribePriceDrop.useMutation();
  const updateSettings = trpc.people.updateSettings.useMutation();
  const [notificationsTurnedOn, setNotificationsTurnedOn] = useState(false);

  const watched = subscribe.data ?? (status.data?.isSubscribed ? status.data : undefined);
  const productId = targetProductId ?? watched?.productId ?? null;
  const product = trpc.shop.product.useQuery({ productId: productId ?? '' }, { enabled: productId !== null });

  function start(): void {
    if (!target) return;
    subscribe.mutate(target, {
      onSuccess: (answer) => void utils.shop.priceDropStatus.setData({ productId: answer.productId }, answer),
      onError: (error) => {
        onClose();
        toast.error(errorText(error), 'Could not sign you up for price drops');
      },
    });
  }

  // signUp: sign up as soon as the dialog opens for a signed-in member (once, StrictMode included).
  const started = useRef(false);
  useEffect(() => {
    if (mode !== 'signUp' || !canAct || started.current) return;
    started.current = true;
    start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, canAct]);

  // A failed status check closes the dialog like a failed sign-up (spec §4).
  const statusFailed = status.isError;
  useEffect(() => {
    if (!statusFailed) return;
    onClose();
    toast.error(errorText(status.error), 'Could not check your price-drop alert');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [statusFailed]);

  let state: TPriceDropState;
  if (!isReady) state = 'loading';
  else if (!signedIn) state = 'signed-out';
  else if (!target) state = 'no-product';
  else if (watched) state = 'signed-up';
  else if (subscribe.isPending || (mode === 'signUp' && !subscribe.isError)) state = 'requesting';
  else if (mode === 'request' && targetProductId !== null && status.isPending) state = 'loading';
  else state = 'confirm';

  const title = product.data?.title ?? null;
  const price = product.data ? formatPrice(product.data.price, product.data.market) : null;

  function turnOnNotifications(): void {
    if (!identity) return;
    updateSettings.mutate(
      { userId: identity.userId, settings: { subscribePriceDropNotifications: true } },
      {
        onSuccess: () => {
          setNotificationsTurnedOn(true);
          toast.success('Price-drop e-mails are on');
          void utils.people.settings.invalidate({ userId: identity.userId });
        },
        onError: (error) => toast.error(errorText(error), 'Could not turn price-drop e-mails on'),
      },
    );
  }

  function stopWatching(): void {
    if (!productId) return;
    unsubscribe.mutate(
      { productId },
      {
        onSuccess: (answer) => {
          void utils.shop.priceDropStatus.setData({ productId }, answer);
          toast.info(title ? `You stopped watching ${title}` : 'You stopped watching this price');
          onClose();
        },
        onError: (error) => toast.error(errorText(error), 'Could not stop watching'),
      },
    );
  }

  const productLine = title ? (
    <Text data-testid="price-drop-product">
      <strong>{title}</strong>
      {price ? <> costs {price} now.</> : null}
    </Text>
  ) : productId ? (
    <Skeleton h={16} w="70%" />
  ) : null;

  return (
    <Stack gap="md" data-testid={testId} data-state={state} aria-busy={state === 'loading' || state === 'requesting'}>
      {state === 'loading' ? (
        <Stack gap="xs" aria-label="Loading">
          <Skeleton h={16} w="80%" />
          <Skeleton h={16} w="60%" />
        </Stack>
      ) : null}

      {state === 'signed-out' ? (
        <>
          <Text>Log in to get an e-mail when a price drops. It takes a few seconds and you come right back here.</Text>
          <Group justify="flex-end" gap="sm">
            <CloseButton onClose={onClose} label="Not now" />
            <Button
              component={Link}
              to={logInHref(target ? returnAddress(pathname, search, target) : `${pathname}${search}`)}
              onClick={onClose}
              data-testid="price-drop-log-in"
            >
              Log in
            </Button>
          </Group>
        </>
      ) : null}

      {state === 'no-product' ? (
        <>
          <Text>
            Watch the price of anything in the shop: choose <strong>Watch price</strong> on a product, and we e-mail you
            when it gets cheaper.
          </Text>
          <Group justify="flex-end" gap="sm">
            <CloseButton onClose={onClose} />
            <Button component={Link} to={href('v2.shop.root')} onClick={onClose} data-testid="price-drop-to-shop">
              Go to the shop
            </Button>
          </Group>
        </>
      ) : null}

      {state === 'confirm' ? (
        <>
          {productLine}
          <Text>We will e-mail you when the price drops. You can stop watching at any time.</Text>
          <Group justify="flex-end" gap="sm">
            <CloseButton onClose={onClose} label="Cancel" />
            <Button onClick={start} data-testid="price-drop-watch">
              Watch price
            </Button>
          </Group>
        </>
      ) : null}

      {state === 'requesting' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Signing you up for price-drop alerts…</Text>
        </Group>
      ) : null}

      {state === 'signed-up' && watched ? (
        <>
          <Text role="status" data-testid="price-drop-signed-up">
            You are watching {title ? <strong>{title}</strong> : 'this price'}.{' '}
            {watched.baseline && product.data
              ? `We will tell you when it drops below ${formatPrice(watched.baseline, product.data.market)}.`
              : 'We will tell you when it drops.'}
          </Text>
          {!watched.notificationsEnabled && !notificationsTurnedOn ? (
            <Alert
              color="yellow"
              variant="light"
              title="Price-drop e-mails are off"
              data-testid="price-drop-notifications-off"
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  Your settings turn price-drop e-mails off, so you will only see drops in the app. Turn them on to get
                  an e-mail too.
                </Text>
                <Group gap="sm">
                  <Button
                    size="xs"
                    onClick={turnOnNotifications}
                    loading={updateSettings.isPending}
                    data-testid="price-drop-notifications-on"
                  >
                    Turn price-drop e-mails on
                  </Button>
                  <Anchor component={Link} to={href('v2.settings.notifications')} size="sm" onClick={onClose}>
                    All notification settings
                  </Anchor>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="subtle"
              color="gray"
              onClick={stopWatching}
              loading={unsubscribe.isPending}
              disabled={!productId}
              data-testid="price-drop-stop"
            >
              Stop watching
            </Button>
            <CloseButton onClose={onClose} label="Done" />
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

/** The product card's "Watch price": the panel in a dialog (Modal loads on first open). */
export function PriceDropDialog({
  productId,
  opened,
  onClose,
}: {
  productId: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <LazyModal
      opened={opened}
      onClose={onClose}
      title="Watch the price"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {opened ? (
        <PriceDropPanel target={{ productId }} mode="signUp" onClose={onClose} testId="price-drop-dialog" />
      ) : null}
    </LazyModal>
  );
}
