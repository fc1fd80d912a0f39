/**
 * Tabs drawn as links (each tab is its own address), in a labelled navigation landmark.
 *
 * On a phone (below Mantine's sm breakpoint) a long row of tabs would wrap into a wall of pills
 * over the first screen (an organizer's exchange has 12), so past COMPACT_AFTER tabs it collapses
 * into a disclosure: one full-width button naming the current page ("Exchange pages: Overview")
 * that opens the same links as a list. They stay real links (open in a new tab, copy the address,
 * aria-current on the current one); the button is a plain disclosure (aria-expanded/aria-controls),
 * not an ARIA menu, because its items navigate like any other link. Only one of the two forms is
 * rendered, so each tab's test id names one element.
 */
import { Button, Group, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '../routes/link';
import { ChevronDownIcon } from '../app/icons';
import { lazyPart } from './lazy-part';

export interface TTabLink {
  label: string;
  to: string;
  active: boolean;
  testId: string;
}

// Loaded ahead (pointed at, focused, touched), it opens at once, without suspending.
const tabLinksList = lazyPart(() => import('./tab-links-list'));
const preloadList = (): void => void tabLinksList.preload().catch(() => undefined);

/** Up to this many tabs stay a row of pills on a phone too. */
export const COMPACT_AFTER = 4;

/** True below the theme's sm breakpoint, read at the first render (no pills flash on a phone). */
function useNarrowScreen(): boolean {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false });
  return !wide;
}

function CompactTabLinks({ label, tabs }: { label: string; tabs: TTabLink[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const current = tabs.find((tab) => tab.active);

  function closeOnEscape(event: KeyboardEvent<HTMLElement>): void {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    <nav aria-label={label} onKeyDown={closeOnEscape} data-testid="tab-links-compact">
      <Button
        ref={toggle}
        variant="default"
        fullWidth
        justify="space-between"
        rightSection={<ChevronDownIcon size={16} aria-hidden />}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((value) => !value)}
        // The list's code, before the tap that opens it.
        onPointerEnter={preloadList}
        onTouchStart={preloadList}
        onFocus={preloadList}
        data-testid="tab-links-toggle"
      >
        {current ? `${label}: ${current.label}` : label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <tabLinksList.Part id={listId} tabs={tabs} onPick={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </nav>
  );
}

export function TabLinks({ label, tabs }: { label: string; tabs: TTabLink[] }) {
  const narrow = useNarrowScreen();
  if (narrow && tabs.length > COMPACT_AFTER) return <CompactTabLinks label={label} tabs={tabs} />;
  return (
    <nav aria-label={label}>
      <Group gap="xs" wrap="wrap">
        {tabs.map((tab) => (
          <Button
            key={tab.to}
            component={Link}
            to={tab.to}
            size="sm"
            variant={tab.active ? 'filled' : 'default'}
            aria-current={tab.active ? 'page' : undefined}
            data-testid={tab.testId}
          >
            {tab.label}
          </Button>
        ))}
      </Group>
    </nav>
  );
}
