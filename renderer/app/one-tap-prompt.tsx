/**
 * The one-tap social sign-in prompt (spec §2): visitors outside the generator and auth routes get a
 * small card offering "Continue with <provider>" when sign-in providers are configured. Choosing one
 * is a full page navigation to /auth/v2/login/?idp=&returnurl=; dismissing it lasts for the session.
 * (The browser-mediated credential prompt of the spec is not wired: no provider script is configured.)
 */
import { Affix, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useIdentity } from '../auth/identity-provider';
import { trpc } from '../trpc';
import { ONE_TAP_DISMISSED_KEY, shouldShowOneTap, socialLoginAddress } from './runtime/visibility';
import { useAppRuntime } from './runtime-context';

export function OneTapPrompt() {
  const { flags, isReady } = useIdentity();
  const { pathname, search } = useLocation();
  const { sessionStorage } = useAppRuntime();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(ONE_TAP_DISMISSED_KEY) === '1');
  const visitor = isReady && !flags.isAuthenticated;
  const providers = trpc.auth.providers.useQuery(undefined, { enabled: visitor && !dismissed, staleTime: Infinity });
  const list = providers.data ?? [];

  const show = shouldShowOneTap({
    pathname,
    isReady,
    isAuthenticated: flags.isAuthenticated,
    providerCount: list.length,
    dismissed,
  });
  if (!show) return null;

  const dismiss = (): void => {
    try {
      sessionStorage.setItem(ONE_TAP_DISMISSED_KEY, '1');
    } catch {
      // remembered for this page only
    }
    setDismissed(true);
  };

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
            <CloseButton aria-label="Dismiss sign-in prompt" onClick={dismiss} data-testid="one-tap-dismiss" />
          </Group>
          {list.map((provider) => (
            <Button
              key={provider.id}
              component="a"
              href={socialLoginAddress(provider.id, `${pathname}${search}`)}
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
