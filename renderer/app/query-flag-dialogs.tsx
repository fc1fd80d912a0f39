/**
 * Dialogs opened by query flags (spec §2): `priceDropRequest`, `priceDropSignUp` and
 * `requestWishlist=<userId>`. Opening one removes its flag from the address (a replace, no new
 * history entry). Their real contents arrive with the price-drop and wish-list features; until then
 * each dialog says honestly what it will do.
 */
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createObservable } from '../client/observable';
import { useLocation, useNavigate } from 'react-router-dom';
import { hasQueryFlags, parseQueryFlags, withoutQueryFlags, type TQueryFlags } from './runtime/query-flags';

type TOpenDialog =
  { kind: 'priceDropRequest' } | { kind: 'priceDropSignUp' } | { kind: 'requestWishlist'; userId: string };

/** The dialogs a set of flags opens, in a fixed order. */
export function dialogsFor(flags: TQueryFlags): TOpenDialog[] {
  const dialogs: TOpenDialog[] = [];
  if (flags.priceDropRequest) dialogs.push({ kind: 'priceDropRequest' });
  if (flags.priceDropSignUp) dialogs.push({ kind: 'priceDropSignUp' });
  if (flags.requestWishlist) dialogs.push({ kind: 'requestWishlist', userId: flags.requestWishlist });
  return dialogs;
}

const COPY: Record<TOpenDialog['kind'], { title: string; body: string; testId: string }> = {
  priceDropRequest: {
    title: 'Price-drop alerts',
    body: 'Price-drop alerts are coming soon: we will tell you when a wish on your list gets cheaper at its shop.',
    testId: 'price-drop-request-dialog',
  },
  priceDropSignUp: {
    title: 'Sign up for price-drop alerts',
    body: 'Price-drop alerts are coming soon: once they are here, signing up sends you an e-mail whenever a wish you follow drops in price.',
    testId: 'price-drop-sign-up-dialog',
  },
  requestWishlist: {
    title: 'Ask for a wish list',
    body: 'Wish list requests are coming soon: you will be able to ask this member to share their wish list, and we will let you know when they do.',
    testId: 'request-wishlist-dialog',
  },
};

export function QueryFlagDialogs() {
  const location = useLocation();
  const navigate = useNavigate();
  // The open dialogs outlive the flags in the address, so they live in a small store of their own.
  const [dialogs] = useState(() => createObservable<TOpenDialog[]>([]));
  const queue = useSyncExternalStore(dialogs.subscribe, dialogs.getState);

  useEffect(() => {
    if (!hasQueryFlags(location.search)) return;
    const opened = dialogsFor(parseQueryFlags(location.search));
    // Opening removes the flags (even malformed ones) from the address, without a new history entry.
    void navigate(
      { pathname: location.pathname, search: withoutQueryFlags(location.search), hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state },
    );
    // (Deduplicated: development runs effects twice.)
    dialogs.setState((current) => [
      ...current,
      ...opened.filter((dialog) => !current.some((open) => open.kind === dialog.kind)),
    ]);
  }, [location.search, location.pathname, location.hash, location.state, navigate, dialogs]);

  const current = queue[0];
  const close = (): void => dialogs.setState((list) => list.slice(1));
  const copy = current ? COPY[current.kind] : null;

  return (
    <Modal opened={current !== undefined} onClose={close} title={copy?.title} centered>
      {current && copy && (
        <Stack
          gap="md"
          data-testid={copy.testId}
          data-user-id={current.kind === 'requestWishlist' ? current.userId : undefined}
        >
          <Text>{copy.body}</Text>
          <Button onClick={close} variant="light" data-testid="query-flag-dialog-close">
            Got it
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
