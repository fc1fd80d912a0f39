import { Anchor, Box, Group, Text } from '@mantine/core';
import { Link } from '../routes/link';
import { href } from '../routes/route-table';
import { GiftIcon } from './icons';

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
        <Box component="span" c="red.7" display="inline-flex" aria-hidden>
          <GiftIcon size={26} strokeWidth={2.2} />
        </Box>
        <Text component="span" fw={800} fz="xl" c="red.7" lh={1}>
          {PRODUCT_NAME}
        </Text>
      </Group>
    </Anchor>
  );
}
