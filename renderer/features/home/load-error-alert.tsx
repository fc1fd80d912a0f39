import { Alert, Button, Group, Text } from '@mantine/core';

/** The landing data failed to load: say so plainly and offer a retry. */
export function LoadErrorAlert({ message, onRetry, testId }: { message: string; onRetry: () => void; testId: string }) {
  return (
    <Alert color="red" variant="light" title="We couldn't load this page's gifts" data-testid={testId}>
      <Text size="sm">{message || 'Please check your connection and try again.'}</Text>
      <Group mt="sm">
        <Button size="xs" variant="white" color="red" onClick={onRetry} data-testid={`${testId}-retry`}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
