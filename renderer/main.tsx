import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { theme } from './app/theme';
import { createAppAuth } from './auth/app-auth';
import { isUnauthorizedError } from './auth/guard-decision';
import { IdentityProvider } from './auth/identity-provider';
import { createAppRouter } from './routes/router';
import { createTrpcClient, trpc } from './trpc';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // A 401 already had its refresh and retry in the requester; the guard takes it from there.
      retry: (failureCount, error) => failureCount < 1 && !isUnauthorizedError(error),
      refetchOnWindowFocus: false,
    },
  },
});
// One auth runtime per app: identity store, requesters and /auth/v2 helpers.
const auth = createAppAuth();
const trpcClient = createTrpcClient({ fetch: auth.requester.fetch });
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <IdentityProvider auth={auth}>
            <RouterProvider router={router} />
          </IdentityProvider>
        </trpc.Provider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
