import './app/mantine-styles';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createMemoryStorage } from './client/types';
import { InitialErrorPage } from './app/initial-error-page';
import { browserStorage, createAppRuntime } from './app/runtime/app-runtime';
import { hydratesPrerendered, readInitialState, readMemberRendered } from './app/runtime/initial-state';
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
  inNextTask(startApp);
}

/**
 * Runs `start` in a task of its own instead of at the end of the modules' evaluation. On a page
 * that comes rendered (the landing page, a member's home), the first paint and the scripts' arrival
 * race: evaluating the modules and starting the app was one task of 70–150 ms with the CPU slowed
 * 4×, counted as blocking time whenever it ran after that paint. A message, not setTimeout: a page
 * opened in a background tab has its timers held back, up to a second.
 */
function inNextTask(start: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    start();
  };
  channel.port2.postMessage(null);
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
  // A member's page the server rendered comes with the data it was rendered with (member-render.tsx).
  const memberRendered = readMemberRendered(document, container, window.location);
  configureData({
    auth,
    reportForbidden: (error) => runtime.reportForbidden(error),
    initialData: memberRendered,
  });
  setVisitorQueryFetch(auth.requester.fetch);
  if (auth.store.getIdentity() !== null || memberRendered) void loadData().catch(() => undefined);
  // A member's first screen formats counts and dates: a page with the refresh cookie loads Intl's
  // data from its head, before the first paint (server/contracts/early-refresh.ts).
  const router = createRouterFor(runtime, auth, {
    data: { load: loadData, wrap: withDataProviders, prefetch: prefetchScreen },
  });

  // A member's page the server rendered takes no tap on its buttons until the app has taken it over
  // (renderer/app/app-layout.module.css): until then they would do nothing.
  const live = (): void => {
    delete container.dataset.memberRendered;
  };
  const app = <AppRoot runtime={runtime} auth={auth} router={router} onShown={live} />;
  const renderAfresh = (): void => {
    // A page rendered for another address or person goes at once, not when React first commits.
    container.replaceChildren();
    createRoot(container).render(app);
  };
  const takeOver = (): void => {
    // The page is on screen already: React takes it over once the first view's code (and, for a
    // member's page, its data) is here, so its first render is the server's. A difference from it
    // (a market chosen on this device, a day turned meanwhile) makes React render afresh: logged,
    // not an error the person sees.
    // In a transition: React takes the page over in slices, not in one task that blocks a tap (a
    // member's home is a few hundred elements: one task of 250–450 ms with the CPU slowed 4×).
    void firstView(router).then(() =>
      startTransition(() => {
        hydrateRoot(container, app, {
          onRecoverableError: (error) =>
            runtime.logger.warn('hydration', 'The page the server sent was rendered afresh', { error: String(error) }),
        });
      }),
    );
  };
  if (memberRendered) {
    // Only for the member it was rendered for (the page's first refresh says who is signed in).
    void auth.whenReady().then(() => {
      if (auth.store.getIdentity()?.userId === memberRendered.userId) takeOver();
      else renderAfresh();
    });
    return;
  }
  const hydrate = hydratesPrerendered({
    prerenderedPath: container.dataset.prerendered,
    location: window.location,
    storedIdentity: auth.store.getIdentity() !== null,
    sessionCookie: initialState.sessionCookie,
  });
  if (hydrate) takeOver();
  else renderAfresh();
}
