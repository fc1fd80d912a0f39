import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { href } from '../routes/route-table';

export const PRODUCT_NAME = 'Gifting';

/** The product mark: links to the landing page. */
export function AppLogo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Anchor
      component={Link}
      to={href('v2.landing')}
      underline="never"
      c="inherit"
      onClick={onNavigate}
      aria-label={`${PRODUCT_NAME} home`}
      data-testid="app-logo"
    >
      <Group gap={8} wrap="nowrap">
        <Text component="span" fz={26} lh={1} aria-hidden>
          🎁
        </Text>
        <Text component="span" fw={800} fz="xl" c="red.7" lh={1}>
          {PRODUCT_NAME}
        </Text>
      </Group>
    </Anchor>
  );
}
