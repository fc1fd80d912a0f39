import { useState } from 'react';

/**
 * Whether `opened` has ever been true: a dialog whose code loads lazily mounts the first time it
 * opens and then stays mounted, so closing still animates and returns focus where it was.
 */
export function useEverOpened(opened: boolean): boolean {
  const [everOpened, setEverOpened] = useState(opened);
  if (opened && !everOpened) setEverOpened(true);
  return everOpened || opened;
}
