import { Anchor, Group, Text } from '@mantine/core';
import { Link } from '../routes/link';
import { href } from '../routes/route-table';
import { PRODUCT_NAME } from './app-logo';

export function AppFooter() {
  const year = new Date().getFullYear();
  return (
    <Group h="100%" px="md" justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" data-testid="footer-copyright">
        © {year} {PRODUCT_NAME}
      </Text>
      <Group gap="md" wrap="nowrap">
        <Anchor component={Link} to={href('v2.terms')} size="sm" data-testid="footer-terms">
          Terms
        </Anchor>
        <Anchor component={Link} to={href('v2.contactUs')} size="sm" data-testid="footer-contact-us">
          Contact us
        </Anchor>
      </Group>
    </Group>
  );
}
