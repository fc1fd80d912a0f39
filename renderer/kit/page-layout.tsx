/**
 * The frame of a domain screen: breadcrumbs, the page's one h1 with an optional description and
 * actions, then the content. Every screen that is not an auth card uses it, so pages share one
 * structure (and the accessibility sweep finds one h1 and a breadcrumb landmark on each).
 */
import { Anchor, Breadcrumbs, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../routes/link';

export interface TCrumb {
  label: string;
  /** Omitted for the current page (the last crumb). */
  to?: string;
}

export interface TPageLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  breadcrumbs?: TCrumb[];
  /** Buttons beside the title (the page's main actions). */
  actions?: ReactNode;
  children: ReactNode;
  testId: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

export function PageLayout({
  title,
  description,
  breadcrumbs,
  actions,
  children,
  testId,
  size = 'lg',
}: TPageLayoutProps) {
  return (
    <Container size={size} py="lg" data-testid={testId}>
      <Stack gap="lg">
        {breadcrumbs?.length ? (
          <nav aria-label="Breadcrumb">
            <Breadcrumbs separator="›" separatorMargin={6}>
              {breadcrumbs.map((crumb) =>
                crumb.to ? (
                  <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                    {crumb.label}
                  </Anchor>
                ) : (
                  <Text key={crumb.label} size="sm" c="dimmed" aria-current="page">
                    {crumb.label}
                  </Text>
                ),
              )}
            </Breadcrumbs>
          </nav>
        ) : null}
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            {description ? <Text c="dimmed">{description}</Text> : null}
          </Stack>
          {actions ? <Group gap="sm">{actions}</Group> : null}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
