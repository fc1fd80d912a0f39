/** The lazily loaded half of one-tap-prompt.tsx: the card with a button per provider. */
import { Affix, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { socialLoginAddress } from './runtime/visibility';

export default function OneTapCard({
  providers: list,
  returnTo,
  onDismiss,
}: {
  providers: readonly { id: string; label: string }[];
  returnTo: string;
  onDismiss: () => void;
}) {
  return (
    <Affix position={{ top: 72, right: 16 }} zIndex={150}>
      <Paper withBorder shadow="md" radius="md" p="md" w={320} data-testid="one-tap-prompt">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={700}>Sign in faster</Text>
              <Text size="sm" c="dimmed">
                Keep your wish lists and exchanges in one place.
              </Text>
            </div>
            <CloseButton aria-label="Dismiss sign-in prompt" onClick={onDismiss} data-testid="one-tap-dismiss" />
          </Group>
          {list.map((provider) => (
            <Button
              key={provider.id}
              component="a"
              href={socialLoginAddress(provider.id, returnTo)}
              variant="default"
              fullWidth
              data-testid={`one-tap-${provider.id}`}
            >
              Continue with {provider.label}
            </Button>
          ))}
        </Stack>
      </Paper>
    </Affix>
  );
}
