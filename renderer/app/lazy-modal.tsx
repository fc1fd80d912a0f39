/**
 * Dialogs that load the first time they open: Mantine's Modal (its focus trap, overlay and scroll
 * lock are too heavy for a first paint) and, through `lazyDialog`, a dialog's own contents. Once
 * opened a dialog stays mounted, so closing still animates and returns focus where it was.
 */
import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { useEverOpened } from './hooks/use-ever-opened';

/** Starts fetching Modal's code; a dialog whose own contents load lazily fetches both at once. */
export const loadModal = () => import('./modal-module');

/**
 * A dialog component whose code loads the first time it opens, together with Modal's (one round
 * trip, not two in a row): for dialogs most visits never open, such as a confirmation (issue 27).
 */
export function lazyDialog<P extends { opened: boolean }>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Dialog = lazy(() => Promise.all([load(), loadModal()]).then(([module]) => module));
  return function LazyDialog(props: P) {
    if (!useEverOpened(props.opened)) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

/** Mantine's Modal itself, for a dialog whose contents are light enough to load with the page. */
export const LazyModal = lazyDialog<ModalProps>(loadModal);
