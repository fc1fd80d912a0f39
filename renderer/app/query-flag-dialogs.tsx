/**
 * Dialogs opened by query flags (spec §2): `priceDropRequest` and `priceDropSignUp` (price-drop
 * alerts for the address's `productId` or `wishId`, which stay in the address; spec §4) and
 * `requestWishlist=<userId>` (ask that person for a wish list). Opening one removes its flag from
 * the address (a replace, no new history entry). Their contents (query-flag-modal.tsx) load the
 * first time one opens, so the shell carries none of their weight.
 */
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { createObservable } from '../client/observable';
import { lazyWithData } from '../data/data-loader';
import { useEverOpened } from './hooks/use-ever-opened';
import { useLocation } from 'react-router-dom';
import { useAppNavigate } from '../routes/app-navigate';
import { hasQueryFlags, parseQueryFlags, withoutQueryFlags, type TQueryFlags } from './runtime/query-flags';

export type TOpenDialog =
  { kind: 'priceDropRequest' } | { kind: 'priceDropSignUp' } | { kind: 'requestWishlist'; userId: string };

/** The dialogs a set of flags opens, in a fixed order. */
export function dialogsFor(flags: TQueryFlags): TOpenDialog[] {
  const dialogs: TOpenDialog[] = [];
  if (flags.priceDropRequest) dialogs.push({ kind: 'priceDropRequest' });
  if (flags.priceDropSignUp) dialogs.push({ kind: 'priceDropSignUp' });
  if (flags.requestWishlist) dialogs.push({ kind: 'requestWishlist', userId: flags.requestWishlist });
  return dialogs;
}

/** The dialogs' contents (copy, buttons, Modal) load the first time a flag opens one. */
const QueryFlagModalContent = lazyWithData(() => import('./query-flag-modal'));

function QueryFlagModal(props: { current: TOpenDialog | undefined; onClose: () => void }) {
  if (!useEverOpened(props.current !== undefined)) return null;
  return (
    <Suspense fallback={null}>
      <QueryFlagModalContent {...props} />
    </Suspense>
  );
}

export function QueryFlagDialogs() {
  const location = useLocation();
  const navigate = useAppNavigate();
  // The open dialogs outlive the flags in the address, so they live in a small store of their own.
  const [dialogs] = useState(() => createObservable<TOpenDialog[]>([]));
  const queue = useSyncExternalStore(dialogs.subscribe, dialogs.getState, dialogs.getState);

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

  return <QueryFlagModal current={current} onClose={close} />;
}
