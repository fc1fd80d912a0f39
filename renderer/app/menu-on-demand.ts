/**
 * Menus whose code loads when first used (issue 27): Mantine's Menu brings Popover, transitions,
 * the focus trap and floating-ui (about 20 KiB gzip), which no first paint needs since a menu is
 * closed until clicked. The header shows the same trigger button at once; pointing at it or focusing
 * it fetches the menu's module, and the click mounts the real menu, which opens itself.
 */
import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';

export interface TOnDemandTrigger {
  'aria-haspopup': 'menu';
  'aria-expanded': false;
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
}

/** `wanted` turns true at the first click; spread `trigger` on the stand-in button until then. */
export function useMenuOnDemand(load: () => Promise<unknown>): { wanted: boolean; trigger: TOnDemandTrigger } {
  const [wanted, setWanted] = useState(false);
  const preload = (): void => void load().catch(() => undefined);
  return {
    wanted,
    trigger: {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => setWanted(true),
    },
  };
}

/**
 * The loaded menu's opened state: opened right after it mounts when `openAtOnce` (it replaced the
 * stand-in that was clicked), with the focus first moved to its own trigger, so that closing the
 * menu returns the focus there as Mantine does for a menu opened in place.
 */
export function useOpenedOnMount(
  target: RefObject<HTMLElement | null>,
  openAtOnce: boolean,
): [boolean, (opened: boolean) => void] {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!openAtOnce) return;
    target.current?.focus();
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, [openAtOnce, target]);
  return [opened, setOpened];
}

/**
 * Escape on a menu's own trigger closes the open menu. Mantine closes it on Escape from inside the
 * dropdown, where the focus moves once the dropdown is painted; until then the focus is still on
 * the trigger, and Escape did nothing (a busy machine: a browser test saw the menu stay open).
 * Spread on the trigger: `onKeyDown={closeOnEscape(opened, setOpened)}`.
 */
export function closeOnEscape(
  opened: boolean,
  setOpened: (opened: boolean) => void,
): (event: KeyboardEvent<HTMLElement>) => void {
  return (event) => {
    if (!opened || event.key !== 'Escape') return;
    event.preventDefault();
    setOpened(false);
  };
}
