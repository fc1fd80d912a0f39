/** The page rendered instead of the app when the server's initial state carries an error type. */
import { Button, Center, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { GiftIcon, WrenchIcon } from './icons';
import { INITIAL_ERROR_COPY, type TInitialErrorType } from './runtime/initial-state';

export function InitialErrorPage({ errorType, onRetry }: { errorType: TInitialErrorType; onRetry: () => void }) {
  const copy = INITIAL_ERROR_COPY[errorType];
  return (
    <Center mih="100vh" data-testid="initial-error-page" data-error-type={errorType}>
      <Container size="sm">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={88} radius="xl" color="red" variant="light" aria-hidden>
            {errorType === 'maintenance' ? <WrenchIcon size={44} /> : <GiftIcon size={44} />}
          </ThemeIcon>
          <Title order={1}>{copy.title}</Title>
          <Text c="dimmed" maw={460}>
            {copy.body}
          </Text>
          <Button size="md" onClick={onRetry} data-testid="initial-error-retry">
            Try again
          </Button>
        </Stack>
      </Container>
    </Center>
  );
}
