/**
 * Error boundary of the screens (inside the shell) and of the shell itself: a 404 from a route
 * (e.g. content answering 404 on the first load) shows the not-found screen; a failed lazy chunk or
 * any other error shows a recoverable error message. Errors other than a failed chunk (already
 * logged by the router) are logged as routing errors. A new location clears the error.
 */
import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { Component, lazy, Suspense, useContext, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { HTTP_STATUS } from '../../server/contracts/constants';
import { notFoundScreen } from '../routes/screens';
import { AppLoader } from './app-loader';
import { RuntimeContext } from './runtime-context';

const NotFoundScreen = lazy(notFoundScreen);

/** A route answered with an HTTP status instead of a screen (e.g. its data's first load failed). */
export class RouteStatusError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(`Route answered ${status}`);
    this.name = 'RouteStatusError';
    this.status = status;
  }
}

/** Vite and browsers word a failed dynamic import differently; all mean "reload to get new chunks". */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(
    error.message,
  );
}

/** What the boundary shows for a caught error. */
export function RouteErrorView({ error }: { error: unknown }) {
  const runtime = useContext(RuntimeContext);
  const notFound = error instanceof RouteStatusError && error.status === HTTP_STATUS.notFound;
  const chunkFailed = isChunkLoadError(error);

  useEffect(() => {
    if (notFound || chunkFailed) return;
    if (runtime) runtime.logger.logError('routing', error, { kind: 'route-error', pageUrl: window.location.href });
    else console.error('Route error', error);
  }, [error, notFound, chunkFailed, runtime]);

  if (notFound) {
    return (
      <Suspense fallback={<AppLoader />}>
        <NotFoundScreen />
      </Suspense>
    );
  }

  return (
    <Container size="sm" py="xl" data-testid="route-error" data-chunk-failed={chunkFailed ? 'true' : undefined}>
      <Alert color="red" variant="light" title={chunkFailed ? 'This page could not be loaded' : 'Something went wrong'}>
        <Stack gap="sm">
          <Text size="sm">
            {chunkFailed
              ? 'A newer version of the app may be available, or the connection dropped.'
              : 'An unexpected error occurred while showing this page.'}
          </Text>
          <div>
            <Button size="xs" onClick={() => window.location.reload()}>
              Reload the page
            </Button>
          </div>
        </Stack>
      </Alert>
    </Container>
  );
}

interface TBoundaryProps {
  /** The location's key: a new location clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

interface TBoundaryState {
  caught: { error: unknown } | null;
  resetKey: string;
}

export class RouteErrorBoundary extends Component<TBoundaryProps, TBoundaryState> {
  override state: TBoundaryState = { caught: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<TBoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: TBoundaryProps, state: TBoundaryState): Partial<TBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { caught: null, resetKey: props.resetKey };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // Logged by RouteErrorView (routing errors), or already by the router (a failed chunk).
  }

  override render(): ReactNode {
    return this.state.caught ? <RouteErrorView error={this.state.caught.error} /> : this.props.children;
  }
}
