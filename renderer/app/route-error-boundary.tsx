/**
 * Error boundary of the screens (inside the shell): a 404 from a route (e.g. a malformed id) shows the
 * not-found screen; a failed lazy chunk or any other error shows a recoverable error message. Errors
 * other than a failed chunk (already logged by the router) are logged as routing errors.
 */
import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useContext, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { HTTP_STATUS } from '../../server/contracts/constants';
import { notFoundScreen } from '../routes/screens';
import { AppLoader } from './app-loader';
import { RuntimeContext } from './runtime-context';

const NotFoundScreen = lazy(notFoundScreen);

/** Vite and browsers word a failed dynamic import differently; all mean "reload to get new chunks". */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(
    error.message,
  );
}

export function RouteErrorBoundary() {
  const error = useRouteError();
  const runtime = useContext(RuntimeContext);
  const notFound = isRouteErrorResponse(error) && error.status === HTTP_STATUS.notFound;
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
