/**
 * The three states every data screen has besides its content: loading (skeletons shaped like the
 * content, never a bare spinner), empty (what it means and what to do next) and error (what went
 * wrong, and a way to try again).
 */
import { Alert, Button, Card, Center, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { statusOf } from '../app/runtime/app-runtime';
import { CardGrid } from './card-grid';
import type { ReactNode } from 'react';

export function ListSkeleton({ rows = 3, height = 64 }: { rows?: number; height?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading" data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} h={height} radius="md" />
      ))}
    </Stack>
  );
}

export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <CardGrid aria-busy="true" aria-label="Loading" data-testid="card-grid-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="lg">
          <Skeleton h={120} radius="md" mb="md" />
          <Skeleton h={14} w="70%" mb={8} />
          <Skeleton h={12} w="90%" />
        </Card>
      ))}
    </CardGrid>
  );
}

export interface TEmptyStateProps {
  title: string;
  /** What this means, and what the person can do next. */
  description: ReactNode;
  icon?: ReactNode;
  /** The next step, usually a button or link. */
  action?: ReactNode;
}

export function EmptyState({ title, description, icon, action }: TEmptyStateProps) {
  return (
    <Card withBorder radius="md" padding="xl" data-testid="empty-state">
      <Stack align="center" gap="sm" ta="center">
        {icon ? (
          <ThemeIcon size={48} radius="xl" variant="light" color="red">
            {icon}
          </ThemeIcon>
        ) : null}
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" maw={460}>
          {description}
        </Text>
        {action ? <Center mt="xs">{action}</Center> : null}
      </Stack>
    </Card>
  );
}

export interface TErrorStateProps {
  /** The error the query or call failed with (its message is shown), or a message of our own. */
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  title?: string;
}

export function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'Something went wrong.';
}

export function ErrorState({ error, onRetry, retrying = false, title = 'This did not load' }: TErrorStateProps) {
  return (
    <Alert color="red" variant="light" title={title} role="alert" data-testid="error-state">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorText(error)}</Text>
        {onRetry ? (
          <Button size="xs" variant="default" onClick={onRetry} loading={retrying} data-testid="error-retry">
            Try again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * A failed read of one thing (a group, an exchange, a list): a 403 or 404 is an empty state in the
 * domain's words (`forbidden` may word a 403 apart from a 404), anything else the error with a retry.
 */
export function AccessErrorState({
  error,
  onRetry,
  retrying,
  notHere,
  forbidden = notHere,
}: {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  notHere: TEmptyStateProps;
  forbidden?: TEmptyStateProps;
}) {
  const status = statusOf(error);
  if (status === 403) return <EmptyState {...forbidden} />;
  if (status === 404) return <EmptyState {...notHere} />;
  return <ErrorState error={error} onRetry={onRetry} retrying={retrying} />;
}
