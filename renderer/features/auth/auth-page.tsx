/** The frame of the auth screens: the product mark and one centred card with a title. */
import { Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppLogo } from '../../app/app-logo';

export interface TAuthPageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  testId: string;
  /** Card width in px (440 by default). */
  width?: number;
  /** Shown under the card (links to other auth screens). */
  footer?: ReactNode;
}

export function AuthPage({ title, subtitle, children, testId, width = 440, footer }: TAuthPageProps) {
  return (
    <Container size={width} px="md" py={{ base: 'lg', sm: 48 }} data-testid={testId}>
      <Stack gap="lg">
        <Center>
          <AppLogo />
        </Center>
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }}>
          <Stack gap="lg">
            <Stack gap={6}>
              <Title order={1} ta="center" fz={{ base: 24, sm: 28 }}>
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" ta="center" size="sm">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer ? (
          <Text size="sm" c="dimmed" ta="center">
            {footer}
          </Text>
        ) : null}
      </Stack>
    </Container>
  );
}
