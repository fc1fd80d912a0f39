import './app/mantine-styles';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createMemoryStorage } from './client/types';
import { InitialErrorPage } from './app/initial-error-page';
import { browserStorage, createAppRuntime } from './app/runtime/app-runtime';
import { hydratesPrerendered, readInitialState } from './app/runtime/initial-state';
import { registerServiceWorker } from './app/runtime/service-worker';
import { AppRoot, createRouterFor, firstView } from './app/app-root';
import { AppTheme } from './app/app-theme';
import { APP_VERSION } from './auth/api';
import { createAppAuth } from './auth/app-auth';
import { logIdentityFailures } from './auth/identity-failures';
import { currentPlatform } from './platform/browser';
import { configureData, loadData, prefetchScreen, withDataProviders } from './data/data-loader';
import { setVisitorQueryFetch } from './data/visitor-queries';

const container = rootElement();

function rootElement(): HTMLElement {
  const element = document.getElementById('root');
  if (!element) throw new Error('The #root element is missing from index.html');
  return element;
}

const initialState = readInitialState(document);

if (initialState.errorType) {
  // The server says the app cannot run now (maintenance, unavailable): an error page instead of the app.
  createRoot(container).render(
    <AppTheme>
      <InitialErrorPage errorType={initialState.errorType} onRetry={() => window.location.reload()} />
    </AppTheme>,
  );
} else {
  startApp();
}

function startApp(): void {
  // One auth runtime per app: identity store, requesters and /auth/v2 helpers.
  const auth = createAppAuth({ noSessionCookie: initialState.sessionCookie === false });
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

  // The query cache and tRPC client load on demand (renderer/data): a visitor's landing page does
  // without them. A member needs them on every page: they start loading at once.
  configureData({ auth, reportForbidden: (error) => runtime.reportForbidden(error) });
  setVisitorQueryFetch(auth.requester.fetch);
  if (auth.store.getIdentity() !== null) void loadData().catch(() => undefined);
  // A member's first screen formats counts and dates: Intl's data loads now, while the page waits
  // for its identity and data, not in the middle of that render (the first number formatter of a
  // page costs 150–190 ms with the CPU slowed 4×, the first date formatter 25–40 ms; any after them
  // 1–5 ms). Throwaway formatters: the data is what stays.
  if (initialState.sessionCookie !== false || auth.store.getIdentity() !== null)
    setTimeout(() => {
      new Intl.NumberFormat().format(0);
      new Intl.DateTimeFormat().format(0);
    }, 0);
  const router = createRouterFor(runtime, auth, {
    data: { load: loadData, wrap: withDataProviders, prefetch: prefetchScreen },
  });

  const app = <AppRoot runtime={runtime} auth={auth} router={router} />;
  const hydrate = hydratesPrerendered({
    prerenderedPath: container.dataset.prerendered,
    location: window.location,
    storedIdentity: auth.store.getIdentity() !== null,
    sessionCookie: initialState.sessionCookie,
  });
  if (!hydrate) {
    // A page prerendered for another address or person goes at once, not when React first commits.
    container.replaceChildren();
    createRoot(container).render(app);
    return;
  }
  // The page is on screen already: React takes it over once the first view's code is here, so its
  // first render is the prerendered one (a tap meanwhile is the browser's alone: a link still leads
  // where it says). A difference from the prerender, such as a year turned since the build, makes
  // React render afresh: logged, not an error the visitor sees.
  void firstView(router).then(() =>
    hydrateRoot(container, app, {
      onRecoverableError: (error) =>
        runtime.logger.warn('hydration', 'The prerendered page was rendered afresh', { error: String(error) }),
    }),
  );
}
