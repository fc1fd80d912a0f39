import './app/mantine-styles';
import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HTTP_STATUS } from '../server/contracts/constants';
import { createMemoryStorage } from './client/types';
import { InitialErrorPage } from './app/initial-error-page';
import { browserStorage, createAppRuntime, statusOf } from './app/runtime/app-runtime';
import { readInitialState } from './app/runtime/initial-state';
import { registerServiceWorker } from './app/runtime/service-worker';
import { AppRuntimeProvider } from './app/runtime-context';
import { cssVariablesResolver, theme } from './app/theme';
import { APP_VERSION } from './auth/api';
import { createAppAuth } from './auth/app-auth';
import { isUnauthorizedError } from './auth/guard-decision';
import { logIdentityFailures } from './auth/identity-failures';
import { IdentityProvider } from './auth/identity-provider';
import { currentPlatform } from './platform/browser';
import { AppRouter } from './routes/app-router';
import { createAppRouter } from './routes/router';
import { createTrpcClient, trpc } from './trpc';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');
const root = createRoot(container);

const initialState = readInitialState(document);

if (initialState.errorType) {
  // The server says the app cannot run now (maintenance, unavailable): an error page instead of the app.
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <InitialErrorPage errorType={initialState.errorType} onRetry={() => window.location.reload()} />
      </MantineProvider>
    </StrictMode>,
  );
} else {
  startApp();
}

function startApp(): void {
  // One auth runtime per app: identity store, requesters and /auth/v2 helpers.
  const auth = createAppAuth();
  // One client runtime per app: logger, navigation and session stores, notifications, cookies.
  const runtime = createAppRuntime({
    requester: auth.requester,
    clientKind: currentPlatform().kind,
    appVersion: APP_VERSION,
    isDev: import.meta.env.DEV,
    sessionStorage: browserStorage('sessionStorage') ?? createMemoryStorage(),
    localStorage: browserStorage('localStorage') ?? createMemoryStorage(),
  });
  runtime.start(window);
  logIdentityFailures(auth.store, runtime.logger);
  registerServiceWorker(window, import.meta.env.DEV, (error) => runtime.logger.logError('service-worker', error));

  /** 4xx answers other than a timeout-like 408/429 are not worth a retry. */
  const isClientError = (error: unknown): boolean => {
    const status = statusOf(error);
    return (
      status !== null &&
      status >= HTTP_STATUS.badRequest &&
      status < HTTP_STATUS.internalServerError &&
      status !== HTTP_STATUS.tooManyRequests
    );
  };
  const onAnyError = (error: unknown): void => {
    if (statusOf(error) === HTTP_STATUS.forbidden) runtime.reportForbidden(error);
  };

  const queryClient = new QueryClient({
    // A 403 from any query or mutation: warn log and 'Forbidden, please contact support' (spec §6, §8).
    queryCache: new QueryCache({ onError: onAnyError }),
    mutationCache: new MutationCache({ onError: onAnyError }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 401 already had its refresh and retry in the requester; the guard takes it from there.
        retry: (failureCount, error) => failureCount < 1 && !isUnauthorizedError(error) && !isClientError(error),
        refetchOnWindowFocus: false,
      },
    },
  });
  const trpcClient = createTrpcClient({ fetch: auth.requester.fetch, streamFetch: auth.requester.fetchStream });
  const router = createAppRouter({
    logger: runtime.logger,
    navigation: runtime.navigation,
    requester: auth.requester,
    sessionStorage: runtime.sessionStorage,
  });

  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <AppRuntimeProvider runtime={runtime}>
          <QueryClientProvider client={queryClient}>
            <trpc.Provider client={trpcClient} queryClient={queryClient}>
              <IdentityProvider auth={auth}>
                <AppRouter router={router} />
              </IdentityProvider>
            </trpc.Provider>
          </QueryClientProvider>
        </AppRuntimeProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
