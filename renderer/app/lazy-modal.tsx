/**
 * Mantine's Modal, loaded the first time a dialog opens: the shell's dialogs (terms, query flags)
 * are rare, and Modal with its focus trap, overlay and scroll lock is too heavy for the first paint.
 * Once opened it stays mounted, so closing still animates and returns focus where it was.
 */
import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

/** Starts fetching Modal's code; a dialog whose own contents load lazily fetches both at once. */
export const loadModal = () => import('./modal-module');

const Modal = lazy(loadModal);

export function LazyModal(props: ModalProps) {
  const [everOpened, setEverOpened] = useState(props.opened);
  if (props.opened && !everOpened) setEverOpened(true);
  if (!props.opened && !everOpened) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
