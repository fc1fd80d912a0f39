/** The lazily loaded contents of the small-screen navbar (app-shell.tsx): one link per primary area. */
import { NavLink, Stack } from '@mantine/core';
import { Link } from '../routes/link';
import { isNavItemActive, PRIMARY_NAV } from './primary-nav';

export default function MobileNavLinks({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  return (
    <Stack gap={2}>
      {PRIMARY_NAV.map((item) => (
        <NavLink
          key={item.to}
          component={Link}
          to={item.to}
          label={item.label}
          active={isNavItemActive(item, pathname)}
          onClick={onNavigate}
          data-testid={`mobile-${item.testId}`}
        />
      ))}
    </Stack>
  );
}
