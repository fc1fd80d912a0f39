/**
 * Shown on every screen while support staff act as a member (flags.isImpersonated): who is being
 * viewed, and a Stop button that ends the support session, restores the staff's own sign-in and
 * goes home.
 */
import { Box, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useAppNavigate } from '../routes/app-navigate';
import { href } from '../routes/route-table';
import { authErrorMessage } from './api';
import { EyeIcon } from '../app/icons';
import { useIdentity } from './identity-provider';
import { meLabel, useMe } from './use-me';

import { IMPERSONATION_BANNER_HEIGHT } from './impersonation-banner-height';

/** Loaded lazily by the shell (app-shell.tsx): only support staff ever see it. */
export default function ImpersonationBanner() {
  const { flags, setTokens, api } = useIdentity();
  const me = useMe();
  const navigate = useAppNavigate();
  const [stopping, setStopping] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!flags.isImpersonated) return null;

  const name = me.data ? meLabel(me.data) : 'a member';

  async function stop(): Promise<void> {
    setStopping(true);
    setError(null);
    try {
      const tokens = await api.stopImpersonating();
      setTokens(tokens.accessToken, tokens.auditToken);
      await navigate(href('v2.home'));
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setStopping(false);
    }
  }

  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="impersonation-banner"
      h={IMPERSONATION_BANNER_HEIGHT}
      px="md"
      style={{
        background:
          'repeating-linear-gradient(135deg, var(--mantine-color-orange-7) 0 14px, var(--mantine-color-orange-8) 14px 28px)',
        color: 'var(--mantine-color-white)',
        display: 'flex',
        alignItems: 'center',
      }}
    >
      <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <Box component="span" lh={0} style={{ flexShrink: 0 }}>
            <EyeIcon size={18} />
          </Box>
          <Text size="sm" fw={600} truncate data-testid="impersonation-banner-text">
            Viewing as <strong>{name}</strong> — support session
          </Text>
          {error ? (
            <Text size="xs" fw={600} c="yellow.2" truncate data-testid="impersonation-error">
              {error}
            </Text>
          ) : null}
        </Group>
        <Button
          size="xs"
          variant="white"
          color="orange.8"
          loading={stopping}
          onClick={() => void stop()}
          style={{ flexShrink: 0 }}
          data-testid="impersonation-stop"
        >
          Stop
        </Button>
      </Group>
    </Box>
  );
}
