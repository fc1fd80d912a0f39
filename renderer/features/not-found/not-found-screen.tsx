import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '../../routes/link';
import { SearchIcon } from '../../app/icons';
import { href } from '../../routes/route-table';

/** Unknown paths and malformed ids land here (spec §2). */
export default function NotFoundScreen() {
  return (
    <Container size="sm" py={64} data-testid="not-found">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={88} radius="xl" color="red" variant="light" aria-hidden>
          <SearchIcon size={44} />
        </ThemeIcon>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" maw={440}>
          We looked under the tree and behind the wrapping paper, but this page is not here. It may have moved, or the
          link may be incomplete.
        </Text>
        <Button component={Link} to={href('v2.landing')} size="md" data-testid="not-found-home-link">
          Take me home
        </Button>
      </Stack>
    </Container>
  );
}
