/**
 * The open list of a phone's compact tab links (tab-links.tsx), loaded when the list first opens
 * (or is about to: the toggle pointed at or focused): a desktop window never shows it, and its
 * NavLink and the Collapse under it weighed 1.2 KiB gzip on every page with tabs (issue 27).
 */
import { NavLink, Stack } from '@mantine/core';
import { Link } from '../routes/link';
import type { TTabLink } from './tab-links';

export default function TabLinksList({ id, tabs, onPick }: { id: string; tabs: TTabLink[]; onPick: () => void }) {
  return (
    <Stack
      component="ul"
      id={id}
      gap={2}
      style={{
        listStyle: 'none',
        margin: '4px 0 0',
        padding: 4,
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 8,
      }}
      data-testid="tab-links-list"
    >
      {tabs.map((tab) => (
        <li key={tab.to}>
          <NavLink
            component={Link}
            to={tab.to}
            label={tab.label}
            active={tab.active}
            aria-current={tab.active ? 'page' : undefined}
            onClick={onPick}
            data-testid={tab.testId}
          />
        </li>
      ))}
    </Stack>
  );
}
